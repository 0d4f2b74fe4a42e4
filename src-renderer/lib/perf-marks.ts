/**
 * Performance marks that `npm run bench` reads in Chromium (scripts/bench/browser.ts): when the user
 * made an input, and when the result it caused was painted. Pages need not call anything: every
 * results region already says `data-state="ready"` once its answer is on screen (the e2e tests
 * wait for it), so an input followed by a region leaving and re-entering "ready" is one
 * input-to-paint. The paint mark is taken after the next frame, i.e. after the browser painted.
 */
import { afterPaint } from './scheduling';

/** Names of the marks and measures, shared with the bench. */
export const PERF_MARKS = {
  input: 'cardwise:input',
  painted: 'cardwise:painted',
  inputToPaint: 'cardwise:input-to-paint',
  /** The first time the page's main region is ready: the first meaningful paint. */
  firstReady: 'cardwise:first-ready',
} as const;

/** What the tracker decides for each event it is told about. */
export type PaintStep = 'none' | 'mark-input' | 'mark-painted' | 'mark-first-ready';

/**
 * The decisions, apart from the DOM: an input opens a measurement; the first time a region leaves
 * "ready" after it and then comes back, the result is on screen and the measurement closes.
 */
export function paintTracker() {
  let waiting: 'idle' | 'input' | 'computing' = 'idle';
  let firstReady = false;
  return {
    /**
     * An input; `busy` when a results region is already working (on an earlier input): its next
     * ready is this input's answer, for no further leaving-ready comes (React sets an unchanged
     * attribute once).
     */
    input(busy = false): PaintStep {
      waiting = busy ? 'computing' : 'input';
      return 'mark-input';
    },
    state(value: string | null, isMain: boolean): PaintStep {
      if (isMain && value === 'ready' && !firstReady) {
        firstReady = true;
        return 'mark-first-ready';
      }
      if (isMain) return 'none';
      if (value !== 'ready') {
        if (waiting === 'input') waiting = 'computing';
        return 'none';
      }
      if (waiting !== 'computing') return 'none';
      waiting = 'idle';
      return 'mark-painted';
    },
  };
}

/** Watches inputs and `data-state` changes and leaves the marks and measures on `performance`. */
export function installPerfMarks(doc: Document = document): void {
  const tracker = paintTracker();
  let inputMark: PerformanceMark | undefined;
  const onInput = () => {
    const busy = doc.querySelector(':not(main)[data-state]:not([data-state="ready"])') !== null;
    if (tracker.input(busy) === 'mark-input') inputMark = performance.mark(PERF_MARKS.input);
  };
  for (const type of ['input', 'change', 'click', 'keydown']) doc.addEventListener(type, onInput, { capture: true });
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target as Element;
      const step = tracker.state(target.getAttribute('data-state'), target.tagName === 'MAIN');
      if (step === 'mark-first-ready') afterPaint(() => performance.mark(PERF_MARKS.firstReady));
      if (step === 'mark-painted' && inputMark) {
        const start = inputMark;
        const route = doc.location?.hash.replace(/#token=[^#]*/, '') ?? '';
        afterPaint(() => {
          const end = performance.mark(PERF_MARKS.painted);
          performance.measure(PERF_MARKS.inputToPaint, {
            start: start.startTime,
            end: end.startTime,
            detail: { route },
          });
        });
      }
    }
  }).observe(doc.documentElement, { attributes: true, attributeFilter: ['data-state'], subtree: true });
}

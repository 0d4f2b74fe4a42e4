import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlossaryKey } from '../lib/glossary';
import './term.css';

/** The widest a tooltip gets, and the least room it keeps from the window's edges. */
const TIP_WIDTH_PX = 300;
const EDGE_PX = 8;

interface TermProps {
  /** The glossary entry that explains it. */
  k: GlossaryKey;
  /**
   * The words shown, when they are part of a sentence or a heading ("MFU", "Tight"): they become
   * the button, so the heading or cell keeps its name. Without them, an ⓘ button named
   * "What is …?" sits beside a form label.
   */
  children?: ReactNode;
}

/**
 * A term with its explanation from the glossary: a button that shows the definition in a tooltip
 * on hover and on focus (WAI-ARIA tooltip pattern: aria-describedby, Escape closes it), so a
 * keyboard or screen-reader user gets the same text as a mouse user; a click keeps it open until
 * the focus leaves. Memoised: a form label or a heading re-renders on every keystroke of its page,
 * and a term's words (a string) rarely change.
 */
export const Term = memo(function Term({ k, children }: TermProps) {
  const { t } = useTranslation();
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  // Escape hides it until the pointer or the focus comes back.
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused || pinned) && !dismissed;
  const term = t(`glossary.entries.${k}.term`);
  const anchor = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});

  // Fixed to the viewport under its button, so a scrolling table or a panel edge never cuts it off.
  useLayoutEffect(() => {
    if (!open) return;
    const follow = () => {
      const box = anchor.current?.getBoundingClientRect();
      if (!box) return;
      const width = Math.min(TIP_WIDTH_PX, window.innerWidth - 2 * EDGE_PX);
      const left = Math.max(EDGE_PX, Math.min(box.left, window.innerWidth - width - EDGE_PX));
      setPlace({ top: box.bottom + 6, left, maxWidth: width });
    };
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDismissed(true);
      setPinned(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const show = (set: (value: boolean) => void) => () => {
    set(true);
    setDismissed(false);
  };
  return (
    <span
      className={children ? 'term term-inline' : 'term'}
      data-term={k}
      onMouseEnter={show(setHovered)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        ref={anchor}
        type="button"
        className={children ? 'term-button' : 'term-info'}
        aria-describedby={tipId}
        aria-expanded={open}
        onFocus={show(setFocused)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => {
          setPinned(true);
          setDismissed(false);
        }}
      >
        {children ?? (
          <>
            <span aria-hidden="true">i</span>
            {/* The name is text, not aria-label, so the field's label names only the field. */}
            <span className="visually-hidden">{t('glossary.about', { term })}</span>
          </>
        )}
      </button>
      <span role="tooltip" id={tipId} className="term-tip" hidden={!open} style={place}>
        {children ? null : <strong>{term}: </strong>}
        {t(`glossary.entries.${k}.definition`)}
      </span>
    </span>
  );
});

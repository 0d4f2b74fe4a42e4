import { english, msg, type Message } from '../messages';

/**
 * Reads a runs JSON file in chunks, one run at a time, so a file of 1,000,000 runs never has to
 * be in memory (nor be one string, which V8 caps at about 512 MiB). It finds the runs by
 * scanning strings and brackets and hands each one to JSON.parse, so every value is read
 * exactly as JSON.parse reads it. It accepts the export envelope `{ "version": 1, "runs": [...] }`
 * (keys in any order), a bare array of runs, or one run object (what `cardwise measure` writes).
 */

/** A JSON text that cannot be read as runs: a fault of the whole file. */
export class JsonRowsError extends Error {
  constructor(
    /** The envelope key at fault ('version', 'runs'), or '(file)'. */
    readonly field: string,
    /** What is wrong, for the doors to translate. */
    readonly detail: Message,
  ) {
    super(english(detail));
    this.name = 'JsonRowsError';
  }
}

/** "not valid JSON: expected a key", as a message. */
const notJson = (problem: Message) => msg('import.notJsonBecause', { problem });

/** JSON.parse's complaint in words: where it stopped, when the engine says (its own text is English). */
function parseFailure(error: unknown): Message {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  return position === undefined ? msg('import.notJson') : msg('import.notJsonAt', { position: Number(position) });
}

/** One run of the file, with its 0-based index in the array. */
export interface JsonRow {
  index: number;
  value: unknown;
}

/** One run (or the single-run object) longer than this is refused rather than held. */
export const MAX_JSON_ROW_CHARS = 8 << 20;

/** JSON's whitespace (RFC 8259 §2: space, tab, line feed, carriage return), by char code: the scan reads codes, not one-char strings. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

type State =
  | 'start'
  | 'array-first'
  | 'array-next'
  | 'object-first'
  | 'object-key'
  | 'object-next'
  | 'runs-first'
  | 'runs-next'
  | 'done';

/**
 * The end (exclusive) of the JSON value starting at `at`, or -1 when the text ends first. Only
 * strings and brackets are tracked; JSON.parse judges the value itself.
 */
function valueEnd(text: string, at: number, final: boolean): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        if (end === -1) return -1;
        i = end - 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || isSpace(c)) return i;
  }
  return final ? text.length : -1;
}

/** The index after the closing quote of the string starting at `at`, or -1. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new JsonRowsError('(file)', parseFailure(error));
  }
}

/** Reads the runs of a JSON file chunk by chunk: `push` returns the runs completed so far, `end` the rest. */
export class JsonRowsReader {
  private pending = '';
  private state: State = 'start';
  private index = 0;
  private key = '';
  private sawRuns = false;
  /** The top-level object's other keys; the whole run when the file is one run object. */
  private others: Record<string, unknown> = {};
  private othersChars = 0;

  push(chunk: string): JsonRow[] {
    let text = this.pending + chunk;
    if (this.state === 'start' && this.pending === '' && text.startsWith('\uFEFF')) text = text.slice(1);
    return this.read(text, false);
  }

  end(): JsonRow[] {
    const rows = this.read(this.pending, true);
    if (this.state !== 'done') {
      throw new JsonRowsError('(file)', notJson(msg(this.state === 'start' ? 'json.empty' : 'json.endsTooSoon')));
    }
    return rows;
  }

  private read(text: string, final: boolean): JsonRow[] {
    const rows: JsonRow[] = [];
    let i = 0;
    const skip = () => {
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    };
    for (;;) {
      skip();
      if (i >= text.length) break;
      const c = text[i] as string;
      if (this.state === 'done') throw new JsonRowsError('(file)', notJson(msg('json.textAfterEnd')));
      if (this.state === 'start') {
        if (c === '[') this.state = 'array-first';
        else if (c === '{') this.state = 'object-first';
        else throw new JsonRowsError('(file)', notJson(msg('json.expectedRuns')));
        i++;
        continue;
      }
      const inRuns = this.state === 'runs-first' || this.state === 'runs-next';
      if (this.state === 'array-first' || this.state === 'array-next' || inRuns) {
        const first = this.state === 'array-first' || this.state === 'runs-first';
        if (c === ']') {
          this.state = inRuns ? 'object-next' : 'done';
          i++;
          continue;
        }
        // A chunk may end between the comma and the run: then the comma waits with it.
        let at = i;
        if (!first) {
          if (c !== ',') throw new JsonRowsError('(file)', notJson(msg('json.expectedCommaOrBracket')));
          at++;
          while (at < text.length && isSpace(text.charCodeAt(at))) at++;
          if (at >= text.length) break;
        }
        const end = valueEnd(text, at, final);
        if (end === -1) break;
        rows.push({ index: this.index++, value: parse(text.slice(at, end)) });
        this.state = inRuns ? 'runs-next' : 'array-next';
        i = end;
        continue;
      }
      // The top-level object: `"key": value` pairs.
      if (this.state === 'object-first' || this.state === 'object-next') {
        if (c === '}') {
          this.finishObject(rows);
          i++;
          continue;
        }
        let at = i;
        if (this.state === 'object-next') {
          if (c !== ',') throw new JsonRowsError('(file)', notJson(msg('json.expectedCommaOrBrace')));
          at++;
          while (at < text.length && isSpace(text.charCodeAt(at))) at++;
        }
        if (at >= text.length) break;
        if (text[at] !== '"') throw new JsonRowsError('(file)', notJson(msg('json.expectedKey')));
        const keyEnd = stringEnd(text, at);
        if (keyEnd === -1) break;
        let colon = keyEnd;
        while (colon < text.length && isSpace(text.charCodeAt(colon))) colon++;
        if (colon >= text.length) break;
        if (text[colon] !== ':') throw new JsonRowsError('(file)', notJson(msg('json.expectedColon')));
        this.key = parse(text.slice(at, keyEnd)) as string;
        this.state = 'object-key';
        i = colon + 1;
        continue;
      }
      // object-key: the value of this.key
      if (this.key === 'runs' && c === '[' && !this.sawRuns) {
        this.sawRuns = true;
        this.state = 'runs-first';
        i++;
        continue;
      }
      const end = valueEnd(text, i, final);
      if (end === -1) break;
      this.othersChars += end - i;
      if (this.othersChars > MAX_JSON_ROW_CHARS) {
        throw new JsonRowsError('(file)', msg('json.runTooLong', { max: MAX_JSON_ROW_CHARS }));
      }
      Object.defineProperty(this.others, this.key, {
        value: parse(text.slice(i, end)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.state = 'object-next';
      i = end;
    }
    this.pending = text.slice(i);
    if (this.pending.length > MAX_JSON_ROW_CHARS) {
      throw new JsonRowsError('(file)', msg('json.runTooLong', { max: MAX_JSON_ROW_CHARS }));
    }
    return rows;
  }

  /** The top-level object closed: it was the envelope (check its version) or a single run. */
  private finishObject(rows: JsonRow[]): void {
    this.state = 'done';
    const others = this.others;
    if (!this.sawRuns) {
      if ('runs' in others) throw new JsonRowsError('runs', msg('import.runsList'));
      rows.push({ index: this.index++, value: others });
      return;
    }
    if (others.version !== RUNS_JSON_VERSION)
      throw new JsonRowsError('version', msg('import.version', { version: RUNS_JSON_VERSION }));
  }
}

/** The version of the JSON export envelope `{ version, runs }`. */
export const RUNS_JSON_VERSION = 1;

import { english, msg, type Message } from '../messages';
/**
 * CSV text as RFC 4180 defines it (https://www.rfc-editor.org/rfc/rfc4180): fields separated
 * by commas, records by CRLF, a field holding a comma, a quote, CR or LF is quoted and its
 * quotes are doubled. The reader also takes LF-only (and CR-only) line ends and a leading UTF-8
 * byte-order mark (what spreadsheets write), and reads a file in chunks of any size.
 */

/** A CSV text that cannot be read, with the 1-based physical line where reading stopped. */
export class CsvSyntaxError extends Error {
  /** "line 3: a quoted field is never closed", for the doors to translate. */
  readonly detail: Message;

  constructor(
    readonly line: number,
    problem: Message,
  ) {
    const detail = msg('csv.atLine', { line, problem });
    super(english(detail));
    this.detail = detail;
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Fields that need quotes: RFC 4180's comma, quote, CR and LF, plus the semicolon, which
 * spreadsheets in semicolon locales take as the separator (a bare `a;=1` would split there).
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** One field as it appears in the file. */
function encodeField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record as CSV text, ended by CRLF. */
export function encodeRecord(record: readonly string[]): string {
  return `${record.map(encodeField).join(',')}\r\n`;
}

/** Records to CSV text, each record ended by CRLF. */
export function encodeRecords(records: readonly (readonly string[])[]): string {
  return records.map(encodeRecord).join('');
}

/** A record with the physical line it starts on (1-based), for error messages. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A record longer than this is refused: no real run is, and a hostile file cannot make the reader hold more. */
export const MAX_RECORD_CHARS = 1 << 20;

const UNQUOTED_END = /[,\r\n"]/g;

/**
 * Reads CSV text in chunks: `push` returns the records completed so far, `end` the last one
 * (and throws for a quote left open). Blank lines between records are skipped. It keeps only
 * the unfinished record between chunks, so a file of any size is read in bounded memory.
 */
export class CsvReader {
  private pending = '';
  private started = false;
  /** Physical line (1-based) where `pending` starts. */
  private line = 1;

  push(chunk: string): CsvRecord[] {
    let text = this.pending + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    return this.read(text, false);
  }

  end(): CsvRecord[] {
    return this.read(this.pending, true);
  }

  private read(text: string, final: boolean): CsvRecord[] {
    const records: CsvRecord[] = [];
    let at = 0;
    for (;;) {
      const parsed = this.record(text, at, final);
      if (!parsed) break;
      if (!(parsed.fields.length === 1 && parsed.fields[0] === '')) {
        records.push({ fields: parsed.fields, line: this.line });
      }
      this.line += parsed.lines;
      at = parsed.next;
      if (at >= text.length) break;
    }
    this.pending = text.slice(at);
    if (!final && this.pending.length > MAX_RECORD_CHARS) {
      throw new CsvSyntaxError(this.line, msg('csv.recordTooLong', { max: MAX_RECORD_CHARS }));
    }
    if (final && this.pending.length > 0) throw new Error('CsvReader: unread text at the end');
    return records;
  }

  /**
   * The record starting at `at`: its fields, the index after its line end and the physical
   * lines it spans; null when the text ends before the record does (and more may follow).
   */
  private record(text: string, at: number, final: boolean): { fields: string[]; next: number; lines: number } | null {
    if (at >= text.length) return null;
    const fields: string[] = [];
    let lines = 0;
    let i = at;
    for (;;) {
      let field: string;
      if (text[i] === '"') {
        const start = this.line + lines;
        let close = text.indexOf('"', i + 1);
        while (close !== -1 && text[close + 1] === '"') close = text.indexOf('"', close + 2);
        if (close === -1) {
          if (final) throw new CsvSyntaxError(start, msg('csv.unclosedQuote'));
          return null;
        }
        // The character after the closing quote decides; a chunk may end right there.
        if (close + 1 >= text.length && !final) return null;
        const raw = text.slice(i + 1, close);
        lines += countLineFeeds(raw);
        field = raw.includes('""') ? raw.replace(/""/g, '"') : raw;
        i = close + 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new CsvSyntaxError(this.line + lines, msg('csv.afterQuote'));
        }
      } else {
        UNQUOTED_END.lastIndex = i;
        const match = UNQUOTED_END.exec(text);
        if (!match) {
          if (!final) return null;
          field = text.slice(i);
          i = text.length;
        } else {
          if (match[0] === '"') {
            throw new CsvSyntaxError(this.line + lines, msg('csv.quoteInField'));
          }
          field = text.slice(i, match.index);
          i = match.index;
        }
      }
      fields.push(field);
      const separator = text[i];
      if (separator === ',') {
        i++;
        if (i >= text.length && !final) return null;
        continue;
      }
      if (separator === undefined) return { fields, next: i, lines: lines + 1 };
      // CR may be the first half of a CRLF that the next chunk completes.
      if (separator === '\r' && i + 1 >= text.length && !final) return null;
      const next = separator === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
      return { fields, next, lines: lines + 1 };
    }
  }
}

function countLineFeeds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Reads CSV text into records; blank lines between records are skipped. */
export function decodeRecords(text: string): CsvRecord[] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}

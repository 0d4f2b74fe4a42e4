/**
 * CSV text as RFC 4180 defines it: fields separated by commas, records by CRLF, a field
 * holding a comma, a quote, CR or LF is quoted and its quotes are doubled. The reader also
 * takes LF-only line ends and a leading UTF-8 byte-order mark (what spreadsheets write).
 */

/** A CSV text that cannot be read, with the 1-based physical line where reading stopped. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as it appears in the file. */
function encodeField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records to CSV text, each record ended by CRLF. */
export function encodeRecords(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(encodeField).join(',')}\r\n`).join('');
}

/** A record with the physical line it starts on (1-based), for error messages. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** Reads CSV text into records; blank lines between records are skipped. */
export function decodeRecords(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;
  const endRecord = () => {
    fields.push(field);
    // A line with nothing on it is not a record with one empty field.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: recordLine });
    fields = [];
    field = '';
    atFieldStart = true;
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (atFieldStart && c === '"') {
      const start = line;
      i++;
      for (;;) {
        if (i >= src.length) throw new CsvSyntaxError(start, 'a quoted field is never closed');
        const q = src[i] as string;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvSyntaxError(line, 'a closing quote must be followed by a comma or the end of the line');
      }
      atFieldStart = false;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
    } else if (c === '\r' || c === '\n') {
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      endRecord();
      line++;
      recordLine = line;
    } else if (c === '"') {
      throw new CsvSyntaxError(line, 'a quote inside an unquoted field; quote the whole field and double its quotes');
    } else {
      field += c;
      atFieldStart = false;
      i++;
    }
  }
  if (!atFieldStart || fields.length > 0 || field !== '') endRecord();
  return records;
}

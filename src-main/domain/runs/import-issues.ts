import { InputError } from '../errors';
import { english, msg, type Message } from '../messages';

/**
 * One thing wrong with one imported row. `line` is the 1-based data line of a CSV file
 * (the spreadsheet row minus the header), the 0-based array index of a JSON file, and 0 for
 * a fault of the whole file (its header or envelope).
 */
export interface ImportIssue {
  line: number;
  field: string;
  message: Message;
}

/**
 * The largest file text the app's doors (window, browser) import or export at once: 64 Mi
 * characters, about 200,000 runs as CSV. The CLI streams files of any size.
 */
export const EXCHANGE_TEXT_MAX_CHARS = 64 * 1024 * 1024;

/** An import reports at most this many problems (plus how many there were): a bad file of 400k rows stays a small answer. */
export const MAX_REPORTED_ISSUES = 100;

/** Collects the first MAX_REPORTED_ISSUES problems of an import, and counts them all. */
export class IssueCollector {
  readonly issues: ImportIssue[] = [];
  total = 0;
  rows = 0;
  private lastLine = -1;

  add(found: readonly ImportIssue[]): void {
    for (const issue of found) {
      this.total++;
      if (issue.line !== this.lastLine) {
        this.rows++;
        this.lastLine = issue.line;
      }
      if (this.issues.length < MAX_REPORTED_ISSUES) this.issues.push(issue);
    }
  }
}

const LISTED_IN_MESSAGE = 20;

/**
 * An import that wrote nothing because some rows are bad: `issues` holds the first
 * MAX_REPORTED_ISSUES, `total` and `rows` count them all.
 */
export class ImportError extends InputError {
  readonly total: number;
  readonly rows: number;
  /** "nothing was imported: 3 problems in 2 rows", for the doors to translate. */
  readonly summary: Message;

  constructor(
    readonly issues: readonly ImportIssue[],
    counts: { total: number; rows: number } = {
      total: issues.length,
      rows: new Set(issues.map((issue) => issue.line)).size,
    },
  ) {
    const summary = msg('import.nothingImported', {
      count: counts.total,
      rows: msg('import.rows', { count: counts.rows }),
    });
    // The English message lists the first problems too: the CLI prints it as one line.
    const shown = issues.slice(0, LISTED_IN_MESSAGE).map((i) => `line ${i.line} ${i.field}: ${english(i.message)}`);
    const more = counts.total > shown.length ? `; … ${(counts.total - shown.length).toLocaleString('en-US')} more` : '';
    super('runs', msg('import.nothingImportedListed', { summary, problems: `${shown.join('; ')}${more}` }));
    this.name = 'ImportError';
    this.total = counts.total;
    this.rows = counts.rows;
    this.summary = summary;
  }
}

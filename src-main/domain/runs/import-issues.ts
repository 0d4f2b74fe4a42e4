import { InputError } from '../errors';

/**
 * One thing wrong with one imported row. `line` is the 1-based data line of a CSV file
 * (the spreadsheet row minus the header), the 0-based array index of a JSON file, and 0 for
 * a fault of the whole file (its header or envelope).
 */
export interface ImportIssue {
  line: number;
  field: string;
  message: string;
}

const LISTED_IN_MESSAGE = 20;

/** An import that wrote nothing because some rows are bad; `issues` lists every one of them. */
export class ImportError extends InputError {
  constructor(readonly issues: readonly ImportIssue[]) {
    const lines = new Set(issues.map((issue) => issue.line)).size;
    const shown = issues.slice(0, LISTED_IN_MESSAGE).map((i) => `line ${i.line} ${i.field}: ${i.message}`);
    const more = issues.length > LISTED_IN_MESSAGE ? `; … ${issues.length - LISTED_IN_MESSAGE} more` : '';
    super(
      'runs',
      `nothing was imported: ${issues.length} problem${issues.length === 1 ? '' : 's'} in ${lines} row${lines === 1 ? '' : 's'} (${shown.join('; ')}${more})`,
    );
    this.name = 'ImportError';
  }
}

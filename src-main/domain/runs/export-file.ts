/** The file name an export of the run log is offered under: the format and the day it was made (UTC). */
export function exportFilename(format: 'csv' | 'json', at: Date): string {
  return `cardwise-runs-${at.toISOString().slice(0, 10)}.${format}`;
}

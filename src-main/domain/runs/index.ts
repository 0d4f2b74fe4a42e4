export * from './run-schema';
export { encodeRunsCsv, decodeRunsCsv, encodeRunCsvRow, RUNS_CSV_HEADER, CsvRunsDecoder, RunsFileError } from './csv';
export {
  encodeRunsJson,
  decodeRunsJson,
  encodeRunJsonRow,
  jsonFileIssue,
  jsonPendingRows,
  RUNS_JSON_END,
  RUNS_JSON_START,
} from './run-json';
export { JsonRowsError, JsonRowsReader } from './json-rows';
export { RowValidator, validateImportRows, type ImportedRun, type PendingRow } from './run-import';
export {
  EXCHANGE_TEXT_MAX_CHARS,
  ImportError,
  IssueCollector,
  MAX_REPORTED_ISSUES,
  type ImportIssue,
} from './import-issues';
export { modelLabel } from './model-label';
export { exportFilename } from './export-file';
export {
  searchUsesIndex,
  RUN_SORT_KEYS,
  type RunSortKey,
  listRunsOptionsSchema,
  ledgerOptionsSchema,
  type ListRunsOptions,
} from './queries';
export { assertPossibleRun, peakFlops, runProblems, type RunProblem } from './plausibility';

export * from './run-schema';
export { encodeRunsCsv, decodeRunsCsv, neutralizeCell, restoreCell, RUN_CSV_COLUMNS, type DecodedRow } from './csv';
export { encodeRunsJson, decodeRunsJson, toExchangeObject, RUNS_JSON_VERSION } from './run-json';
export { importRowSchema, validateImportRows, type ImportedRun, type PendingRow } from './run-import';
export { ImportError, type ImportIssue } from './import-issues';
export { modelLabel } from './model-label';
export {
  RUN_SORT_KEYS,
  type RunSortKey,
  listRunsOptionsSchema,
  ledgerOptionsSchema,
  type ListRunsOptions,
  type LedgerOptions,
} from './queries';

export * from './run-schema';
export { encodeRunsCsv, decodeRunsCsv } from './csv';
export { encodeRunsJson, decodeRunsJson } from './run-json';
export { validateImportRows, type PendingRow } from './run-import';
export { ImportError, type ImportIssue } from './import-issues';
export { modelLabel } from './model-label';
export {
  RUN_SORT_KEYS,
  type RunSortKey,
  listRunsOptionsSchema,
  ledgerOptionsSchema,
  type ListRunsOptions,
} from './queries';

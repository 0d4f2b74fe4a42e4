import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { runOriginSchema, type ImportIssue, type RunOrigin } from '../../../src-main/domain/runs';
import { SelectField } from '../../components/SelectField';
import { call } from '../../lib/api';
import { useApp } from '../../lib/app-context';
import { options } from '../../lib/options';
import { downloadText } from './download';
import { checkImportFile, detectFormat, issuesOf, type ImportFormat } from './import-file';

type ImportState =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; imported: number; duplicates: number }
  | { kind: 'failed'; message: string; issues: ImportIssue[]; format: ImportFormat | null };

const SHOWN_ISSUES = 1000;

/** Import a CSV or JSON file of runs (all or nothing), and export the log as CSV or JSON. */
export function ImportExport({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { reportError } = useApp();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const [origin, setOrigin] = useState<RunOrigin>('mine');
  const [allowDuplicates, setAllowDuplicates] = useState(false);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ kind: 'working' });
    const text = await file.text();
    const format = detectFormat(file.name, text);
    if (!format) {
      setState({ kind: 'failed', message: t('runs.import.unknownFormat'), issues: [], format });
      return;
    }
    // Every bad row is listed before anything is sent; the store checks again, all or nothing.
    const issues = checkImportFile(format, text);
    if (issues.length > 0) {
      setState({ kind: 'failed', message: t('runs.import.nothingImported', { count: issues.length }), issues, format });
      return;
    }
    try {
      const result = await call('runs:import', { format, text, allowDuplicates });
      setState({ kind: 'done', imported: result.imported, duplicates: result.duplicates });
      onImported();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setState({ kind: 'failed', message, issues: issuesOf(error), format });
    }
  }

  async function exportAs(format: ImportFormat) {
    try {
      const file = await call('runs:export', { format, origin });
      downloadText(file.filename, file.text, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    } catch (error) {
      reportError(error);
    }
  }

  const where = (issue: ImportIssue, format: ImportFormat | null) =>
    issue.line === 0
      ? t('runs.import.wholeFile')
      : format === 'json'
        ? t('runs.import.jsonItem', { index: issue.line })
        : t('runs.import.csvLine', { line: issue.line });

  return (
    <div className="import-export">
      <div className="import-export-row">
        <div className="field">
          <label htmlFor="runs-import-file">{t('runs.import.label')}</label>
          <input
            id="runs-import-file"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => void importFile(event)}
            disabled={state.kind === 'working'}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={allowDuplicates}
              onChange={(event) => setAllowDuplicates(event.target.checked)}
            />{' '}
            {t('runs.import.allowDuplicates')}
          </label>
        </div>
        <div className="export-group" role="group" aria-labelledby="runs-export-label">
          <span id="runs-export-label" className="field-label">
            {t('runs.export.label')}
          </span>
          <SelectField
            id="runs-export-origin"
            label={t('runs.export.which')}
            value={origin}
            onChange={setOrigin}
            options={options(t, runOriginSchema.options, 'runs.origin')}
          />
          <button type="button" onClick={() => void exportAs('csv')}>
            {t('runs.export.csv')}
          </button>
          <button type="button" onClick={() => void exportAs('json')}>
            {t('runs.export.json')}
          </button>
        </div>
      </div>
      <div role="status" aria-live="polite" className="import-status">
        {state.kind === 'working' ? <p className="muted">{t('runs.import.working')}</p> : null}
        {state.kind === 'done' ? (
          <p className="import-ok">
            {t('runs.import.done', { count: state.imported })}
            {state.duplicates > 0 ? ` ${t('runs.import.duplicates', { count: state.duplicates })}` : ''}
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <div className="inline-alert import-failed" role="alert">
          <p>{state.message}</p>
          {state.issues.length > 0 ? (
            <ul className="import-issues">
              {state.issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
                <li key={i}>
                  {where(issue, state.format)} · {issue.field}: {issue.message}
                </li>
              ))}
              {state.issues.length > SHOWN_ISSUES ? (
                <li>{t('runs.import.more', { count: state.issues.length - SHOWN_ISSUES })}</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

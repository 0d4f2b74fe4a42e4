import { memo, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../src-main/domain/messages';
import { runOriginSchema, type ImportIssue, type RunOrigin } from '../../../src-main/domain/runs';
import { FileInput } from '../../components/FileInput';
import { SelectField } from '../../components/SelectField';
import { call } from '../../lib/api';
import { useApp } from '../../lib/app-context';
import { nativeRunFiles } from '../../lib/desktop';
import { errorMessage, useMessageText } from '../../lib/messages';
import { options } from '../../lib/options';
import { send } from '../../lib/queries';
import { downloadText } from './download';
import { checkImportFile, detectFormat, issuesOf, type ImportFormat } from './import-file';
import { onRunsAction, type RunsAction } from './runs-actions';

type ImportState =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; imported: number; duplicates: number }
  | { kind: 'saved'; name: string }
  /** `detail`: the store's or a dialog's refusal; null when the file was refused here (unknown format, bad rows). */
  | { kind: 'failed'; detail: Message | null; issues: ImportIssue[]; format: ImportFormat | null };

const SHOWN_ISSUES = 1000;

/**
 * Import a CSV or JSON file of runs (all or nothing), and export the log as CSV or JSON,
 * through the desktop window's native dialogs where it has them (also from File › Import
 * Runs… and File › Export Runs…), else a file input and a download.
 */
// Memoised: the Runs page redraws on each page, sort and filter, which this section does not show.
export const ImportExport = memo(function ImportExport() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { reportError } = useApp();
  // The desktop window has native dialogs; the browser its file input and download.
  const nativeFiles = nativeRunFiles();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const [origin, setOrigin] = useState<RunOrigin>('mine');
  const [allowDuplicates, setAllowDuplicates] = useState(false);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ kind: 'working' });
    await importText(file.name, await file.text());
  }

  async function importNative() {
    if (!nativeFiles) return;
    try {
      const file = await nativeFiles.open();
      if (!file) return;
      setState({ kind: 'working' });
      await importText(file.name, file.text);
    } catch (error) {
      setState({ kind: 'failed', detail: errorMessage(error), issues: [], format: null });
    }
  }

  async function importText(name: string, text: string) {
    const format = detectFormat(name, text);
    if (!format) {
      setState({ kind: 'failed', detail: null, issues: [], format });
      return;
    }
    // Every bad row is listed before anything is sent; the store checks again, all or nothing.
    const issues = checkImportFile(format, text);
    if (issues.length > 0) {
      setState({ kind: 'failed', detail: null, issues, format });
      return;
    }
    try {
      const result = await send('runs:import', { format, text, allowDuplicates });
      setState({ kind: 'done', imported: result.imported, duplicates: result.duplicates });
    } catch (error) {
      setState({ kind: 'failed', detail: errorMessage(error), issues: issuesOf(error), format });
    }
  }

  /** `format` absent (the menu's Export Runs…): the save dialog offers both. */
  async function exportAs(format?: ImportFormat) {
    try {
      if (nativeFiles) {
        const saved = await nativeFiles.save({ ...(format ? { format } : {}), origin });
        if (saved) setState({ kind: 'saved', name: saved.name });
        return;
      }
      const file = await call('runs:export', { format: format ?? 'csv', origin });
      downloadText(file.filename, file.text, file.format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    } catch (error) {
      reportError(error);
    }
  }

  // The menu's commands, through the latest render's handlers (origin included).
  const act = useRef<(action: RunsAction) => void>(() => undefined);
  useEffect(() => {
    act.current = (action) => void (action === 'import' ? importNative() : exportAs());
  });
  useEffect(() => onRunsAction((action) => act.current(action)), []);

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
          {nativeFiles ? (
            <button type="button" onClick={() => void importNative()} disabled={state.kind === 'working'}>
              {t('runs.import.choose')}
            </button>
          ) : (
            <>
              <label htmlFor="runs-import-file">{t('runs.import.label')}</label>
              <FileInput
                id="runs-import-file"
                accept=".csv,.json,text/csv,application/json"
                onChange={(event) => void importFile(event)}
                disabled={state.kind === 'working'}
              />
            </>
          )}
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
        {state.kind === 'saved' ? <p className="import-ok">{t('runs.export.saved', { name: state.name })}</p> : null}
      </div>
      {state.kind === 'failed' ? (
        <div className="inline-alert import-failed" role="alert">
          <p>
            {state.detail
              ? messageText(state.detail)
              : state.format === null
                ? t('runs.import.unknownFormat')
                : t('runs.import.nothingImported', { count: state.issues.length })}
          </p>
          {state.issues.length > 0 ? (
            <ul className="import-issues">
              {state.issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
                <li key={i}>
                  {where(issue, state.format)} · {issue.field}: {messageText(issue.message)}
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
});

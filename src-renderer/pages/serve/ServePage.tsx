import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { msg, type MessageCode } from '../../../src-main/domain/messages';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { formatGiB, formatNumber } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { prefetchChannel, useLive } from '../../lib/queries';
import { useSessionStore } from '../../lib/session-store';
import { useUrlState } from '../../lib/url-state';
import { CUSTOM_SIZE } from '../estimate/estimate-form';
import { LinkNotice } from '../shared/LinkNotice';
import { CopyCli } from '../shared/CopyCli';
import { capacityCommand } from '../../lib/cli-command';
import { PAGE_LINKS } from '../shared/page-links';
import { ConcurrencyChart } from './ConcurrencyChart';
import {
  checkServeInput,
  SERVE_FIELDS,
  serveFormStore,
  shownServeFields,
  toServeInput,
  type ServeForm,
} from './serve-form';
import { concurrencyLines, notFitting, serveTableRows, type ServeSetup } from './serve-rows';
import { ServeFields } from './ServeFields';
import { ServeTable } from './ServeTable';
import './serve.css';
import { AssumptionsPanel } from '../../components/AssumptionsPanel';

/**
 * The memory lines of a server, in the order the engine spends its budget; a Record so that a line the
 * serve core adds fails the type check until it is placed (and worded) here.
 */
const MEMORY_ORDER: Record<keyof ServeSetup['memory'], true> = {
  cardBytes: true,
  cudaTotalBytes: true,
  budgetBytes: true,
  weightsBytes: true,
  activationBytes: true,
  nonTorchBytes: true,
  cudaGraphBytes: true,
  kvPoolBytes: true,
  contextBytes: true,
  nvidiaSmiBytes: true,
};
const MEMORY_LINES = Object.keys(MEMORY_ORDER) as (keyof ServeSetup['memory'])[];

/** A contract field's label from the serve field table; undefined for none. */
function labelOf(path: string): MessageCode | undefined {
  return SERVE_FIELDS.find((f) => f.path === path)?.field.label;
}

/** "How many users can this card serve, and what does a million tokens cost?": the form left, the answer right. */
export function ServePage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError, setPageState } = useApp();
  // The address holds the form: a reload or a pasted link restores it.
  const rejected = useUrlState('serve', PAGE_LINKS.serve);
  const { cards, models, loaded, failed } = useCatalog();
  const [form, setForm] = useSessionStore(serveFormStore);

  // The default preset may be missing from a user's catalog: fall back to the first one.
  useEffect(() => {
    if (!loaded || failed) return;
    setForm((f) =>
      f.model === CUSTOM_SIZE || models.some((m) => m.id === f.model) || f.model === '__file__'
        ? f
        : { ...f, model: models[0]?.id ?? CUSTOM_SIZE },
    );
  }, [loaded, failed, models, setForm]);

  // Stable (it reads the form from its store), so a keystroke renders again only the field it changed.
  const changeField = useCallback(
    (key: keyof ServeForm, value: string | boolean) => {
      const next = { ...serveFormStore.get(), [key]: value };
      // Asked before the page renders its stale state, so the answer is on its way meanwhile.
      const nextInput = toServeInput(next);
      if (!checkServeInput(nextInput)) prefetchChannel('serve:compute', nextInput);
      setForm(next);
    },
    [setForm],
  );
  const input = useMemo(() => toServeInput(form), [form]);
  const localProblem = useMemo(() => checkServeInput(input), [input]);
  const serve = useLive('serve:compute', localProblem ? null : input);
  const backendProblem =
    serve.error?.code === 'bad-input' ? { field: serve.error.field ?? '', message: serve.error.detail } : null;
  const problem = localProblem ?? backendProblem;
  useEffect(() => {
    if (serve.error && serve.error.code !== 'bad-input') reportError(serve.error);
  }, [serve.error, reportError]);
  const ready = loaded && serve.settled;
  useEffect(() => setPageState(!ready ? 'loading' : failed ? 'error' : 'ready'), [ready, failed, setPageState]);

  // A problem sits next to its field; one whose field is not on screen is said above the answer.
  const placed = problem !== null && shownServeFields(form).has(problem.field);
  const errorFor = (field: string) =>
    problem && placed && problem.field === field ? text(problem.message) : undefined;
  const label = problem ? labelOf(problem.field) : undefined;
  // Named by its field's label; a field without one: the problem alone, never the contract's id.
  const banner =
    problem && !placed
      ? label
        ? text(msg('validation.withField', { field: text(msg(label)), problem: problem.message }))
        : text(problem.message)
      : null;

  const output = serve.data;
  const rows = useMemo(() => (output ? serveTableRows(output) : []), [output]);
  const lines = useMemo(() => (output ? concurrencyLines(output) : []), [output]);
  const missing = output ? notFitting(output) : [];
  const command = localProblem ? null : capacityCommand(input);
  const calibrated = rows.filter((row) => row.setup.calibration !== null);
  const top = rows[0];
  const averageTokens = top?.setup.averageRequestTokens ?? output?.setups[0]?.averageRequestTokens ?? 0;

  return (
    <div className="estimate serve">
      <LinkNotice rejected={rejected} />
      <div className="estimate-columns">
        <ServeFields form={form} models={models} cards={cards} errorFor={errorFor} onChange={changeField} />
        <div className="results" data-state={serve.settled ? 'ready' : 'computing'} aria-busy={!serve.settled}>
          {banner ? (
            <p className="inline-alert" role="alert">
              {banner}
            </p>
          ) : null}
          {output ? (
            <div className={serve.stale ? 'stale' : undefined} data-stale={serve.stale ? 'true' : undefined}>
              {serve.stale ? <p className="muted small serve-stale">{t('serve.staleNote')}</p> : null}
              <section className="panel rank-answer" aria-labelledby="srv-answer-title" data-testid="serve-answer">
                <h2 id="srv-answer-title" className="visually-hidden">
                  {t('serve.answerTitle')}
                </h2>
                <p className="answer-main">
                  <strong>{text(output.answer)}</strong>
                </p>
              </section>
              {rows.length > 0 ? (
                <section className="panel" aria-labelledby="srv-table-title">
                  <h2 id="srv-table-title">{t('serve.tableTitle', { count: rows.length })}</h2>
                  <p className="muted small">{t('serve.tableNote')}</p>
                  <ServeTable rows={rows} currency={output.currency} />
                  {calibrated.length > 0 ? (
                    <ul className="assumptions serve-calibration" data-testid="serve-calibration">
                      {calibrated.map(({ id, setup }) => (
                        <li key={id}>
                          {t('serve.calibrationLine', {
                            server: t('serve.seriesLabel', { gpus: setup.gpus, card: setup.cardName }),
                            basis: setup.calibration?.basis ? text(setup.calibration.basis) : '',
                            raw: formatNumber(setup.raw?.kvPoolTokens ?? setup.kvPoolTokens),
                            corrected: formatNumber(setup.kvPoolTokens),
                          })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </section>
              ) : null}
              {lines.length > 0 ? (
                <section className="panel" aria-labelledby="srv-chart-title">
                  <h2 id="srv-chart-title">{t('serve.chartTitle')}</h2>
                  <p className="muted small">{t('serve.chartNote')}</p>
                  <ConcurrencyChart lines={lines} averageTokens={averageTokens} />
                </section>
              ) : null}
              {top ? (
                <section className="panel" aria-labelledby="srv-memory-title">
                  <h2 id="srv-memory-title">
                    {t('serve.memoryTitle', { gpus: top.setup.gpus, card: top.setup.cardName })}
                  </h2>
                  <dl className="serve-memory">
                    {MEMORY_LINES.map((key) => {
                      const bytes = top.setup.memory[key];
                      return bytes === null ? null : (
                        <div
                          key={key}
                          className={key === 'kvPoolBytes' || key === 'nvidiaSmiBytes' ? 'strong' : undefined}
                        >
                          <dt>{t(`serve.memory.${key}`)}</dt>
                          <dd>{formatGiB(bytes)}</dd>
                        </div>
                      );
                    })}
                  </dl>
                </section>
              ) : null}
              {missing.length > 0 ? (
                <section className="panel excluded" aria-labelledby="srv-excluded-title">
                  <details open={rows.length === 0}>
                    <summary id="srv-excluded-title">{t('serve.notFitTitle', { count: missing.length })}</summary>
                    <ul className="excluded-list">
                      {missing.map((setup) => (
                        <li key={`${setup.card}:${setup.gpus}`} data-card={setup.card}>
                          <strong>
                            {setup.gpus} × {setup.cardName}
                          </strong>
                          {setup.reason ? <span className="muted"> — {text(setup.reason)}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </details>
                </section>
              ) : null}
              {command ? <CopyCli command={command} idPrefix="srv" /> : null}
              <AssumptionsPanel
                id="srv-assumptions-title"
                title={t('serve.assumptionsTitle')}
                lines={output.assumptions}
              />
            </div>
          ) : (
            <p className="muted">{problem ? t('serve.fixInput') : t('serve.computing')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

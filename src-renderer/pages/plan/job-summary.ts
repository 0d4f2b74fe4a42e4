import { useTranslation } from 'react-i18next';
import type { Sharding } from '../../../src-main/domain/estimate/choices';
import { parseParamCount } from '../../../src-main/domain/estimate/units';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import { splitBy } from '../../../src-main/domain/cost/rank-answer';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { formatHours, formatParams } from '../../lib/format';
import { useModelSummary } from '../shared/model-summary';
import { compareFormStore } from '../compare/compare-form';
import type { PlanForm } from './plan-form';

/**
 * "Plan for Llama 3.1 8B · LoRA on RTX 4090 ×1 · 200M tokens × 1 epoch · 5.4 h of compute": what
 * the page plans, in one line. Hours typed by hand say so instead of the job; a part not yet valid
 * is left out, so no part is built from an empty field. `sharding`: how the job's ranking splits it over the GPUs
 * ("… on RTX 4090 ×4 with ZeRO-3"), null without a ranked job.
 */
export function useJobSummary(
  form: PlanForm,
  cardName: string,
  jobHours: number | undefined,
  sharding: Sharding | null,
): string {
  const { t } = useTranslation();
  const text = useMessageText();
  const [job] = useSessionStore(compareFormStore);
  const setup = useModelSummary();
  const gpus = form.gpus.trim();
  const tokens = parseParamCount(job.tokens);
  const typed = form.computeHours.trim();
  const epochs = job.epochs.trim() || '1';
  const hours =
    typed !== ''
      ? t('plan.heading.typedHours', { hours: typed })
      : jobHours !== undefined
        ? t('plan.heading.jobHours', { hours: formatHours(jobHours, t) })
        : '';
  const jobText =
    tokens !== null && typed === ''
      ? t('plan.heading.job', { tokens: formatParams(tokens), epochs, count: Number(epochs) })
      : '';
  const split = sharding ? splitBy({ gpus: Number(gpus), sharding }) : null;
  const on = split
    ? t('plan.heading.setupOnSharded', { setup, card: cardName, gpus, sharding: text(optionLabel('sharding', split)) })
    : t('plan.heading.setupOn', { setup, card: cardName, gpus });
  return [on, jobText, hours].filter(Boolean).join(' · ');
}

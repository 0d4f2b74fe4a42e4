import { useTranslation } from 'react-i18next';
import { parseParamCount } from '../../../src-main/domain/estimate/units';
import { useSessionStore } from '../../lib/session-store';
import { formatHours, formatParams } from '../../lib/format';
import { useModelSummary } from '../shared/model-summary';
import { compareFormStore } from '../compare/compare-form';
import type { PlanForm } from './plan-form';

/**
 * "Plan for Llama 3.1 8B · LoRA on RTX 4090 ×1 · 200M tokens × 1 epoch · 5.4 h of compute": what
 * the page plans, in one line. Hours typed by hand say so instead of the job; a part not yet valid
 * is left out, so no part is built from an empty field.
 */
export function useJobSummary(form: PlanForm, cardName: string, jobHours: number | undefined): string {
  const { t } = useTranslation();
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
  return [t('plan.heading.setupOn', { setup, card: cardName, gpus }), jobText, hours].filter(Boolean).join(' · ');
}

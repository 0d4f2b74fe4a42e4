import type { TFunction } from 'i18next';
import { modelLabel } from '../../../src-main/domain/runs/model-label';
import { formatParams } from '../../lib/format';
import type { ListedRun } from './RunsTable';

/**
 * The model a row names: a preset by its name (a run logged on a preset keeps its id), a shape by its size, a
 * published run by the name its source gives.
 */
export function modelShown(
  run: Pick<ListedRun, 'config' | 'modelLabel'>,
  modelName: (id: string) => string | undefined,
  t: TFunction,
): string {
  const model = run.config.model;
  if (typeof model === 'string') return modelName(model) ?? run.modelLabel;
  if (run.modelLabel === modelLabel(model)) return t('runs.table.shapeModel', { params: formatParams(model.params) });
  return run.modelLabel;
}

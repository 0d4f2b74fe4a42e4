import type { EstimateInput } from '../estimate/input';

/** A short readable name for the run table: the preset id or size as given, or the shape's size. */
export function modelLabel(model: EstimateInput['model']): string {
  if (typeof model === 'string') return model;
  const { params } = model;
  const [value, suffix] = params >= 1e9 ? [params / 1e9, 'B'] : [params / 1e6, 'M'];
  return `${Number(value.toPrecision(3))}${suffix} shape`;
}

import { parseParamCount } from '../domain/estimate/units';
import { UsageError } from './usage-error';

/** A count written as people write it ("13b", "200m", "7e9"), via the estimator's own parser. */
export function parseCount(flag: string, text: string): number {
  const value = parseParamCount(text);
  if (value === null) throw new UsageError(flag, `must be a count such as 13b, 200m or 7e9, got "${text}"`);
  return value;
}

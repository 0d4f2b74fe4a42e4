import { optionLabel } from '../../src-main/domain/fields/resolve';
import type { Message } from '../../src-main/domain/messages';
/** A translate function, as useTranslation returns it. */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A SelectField's options for a list of values (a schema's `.options`), each labelled by the
 * i18n key `${prefix}.${value}`, with `placeholders` filled into each label.
 */
export function options<V extends string>(
  t: Translate,
  values: readonly V[],
  prefix: string,
  placeholders?: Record<string, string | number>,
) {
  return values.map((value) => ({ value, label: t(`${prefix}.${value}`, placeholders) }));
}

/** A SelectField's options for a list of values, each labelled by the domain's `option.<set>.<value>` message. */
export function messageOptions<V extends string>(
  text: (message: Message) => string,
  set: string,
  values: readonly V[],
) {
  return values.map((value) => ({ value, label: text(optionLabel(set, value)) }));
}

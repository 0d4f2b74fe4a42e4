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

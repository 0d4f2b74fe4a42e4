import { z } from 'zod';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { settingsSchema, type Settings } from '../../../src-main/ipc/contract';
import { numberFromText } from '../../lib/field-problems';

/** The Settings fields as typed (headroom in percent); the others are saved as they are picked. */
export interface SettingsText {
  headroomPercent: string;
  usdPerCny: string;
  usdPerCnyDate: string;
  electricityPricePerKWh: string;
}

export type SettingsTextField = keyof SettingsText;

/** The saved settings as the form shows them. */
export function settingsText(settings: Settings): SettingsText {
  return {
    headroomPercent: String(Math.round(settings.headroomFraction * 1000) / 10),
    usdPerCny: settings.usdPerCny === null ? '' : String(settings.usdPerCny),
    usdPerCnyDate: settings.usdPerCnyDate ?? '',
    electricityPricePerKWh: String(settings.electricityPricePerKWh),
  };
}

/** Headroom is typed in percent: the contract's share (0–0.9) as the form shows it. */
const headroomPercentSchema = z.number().min(0).max(90);

/**
 * The settings patch one typed field saves, or the sentence that says what is allowed (nothing
 * is saved then). An empty rate or date clears it; every other field needs a value.
 */
export function settingsPatch(
  field: SettingsTextField,
  text: string,
): { patch: Partial<Settings>; problem?: undefined } | { patch?: undefined; problem: Message } {
  const empty = text.trim() === '';
  if (field === 'headroomPercent') {
    const parsed = headroomPercentSchema.safeParse(numberFromText(text));
    if (!parsed.success) return { problem: firstProblem(parsed.error, headroomPercentSchema).detail };
    return { patch: { headroomFraction: parsed.data / 100 } };
  }
  if (field === 'usdPerCnyDate') {
    if (empty) return { patch: { usdPerCnyDate: null } };
    return check('usdPerCnyDate', text.trim());
  }
  if (field === 'usdPerCny' && empty) return { patch: { usdPerCny: null } };
  return check(field, numberFromText(text));
}

function check<K extends keyof Settings>(key: K, value: unknown) {
  const schema = settingsSchema.shape[key];
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { problem: firstProblem(parsed.error, schema).detail };
  return { patch: { [key]: parsed.data } as Partial<Settings> };
}

import { describe, expect, it } from 'vitest';
import { english } from '../../../src-main/domain/messages';
import { DEFAULT_SETTINGS } from '../../../src-main/ipc/contract';
import { settingsPatch, settingsText } from './settings-form';

describe('settings form', () => {
  it('shows the saved settings, headroom in percent', () => {
    expect(settingsText({ ...DEFAULT_SETTINGS, usdPerCny: 0.14, usdPerCnyDate: '2026-11-30' })).toEqual({
      headroomPercent: '10',
      usdPerCny: '0.14',
      usdPerCnyDate: '2026-11-30',
      electricityPricePerKWh: '0.8',
    });
  });

  it('saves one valid field at a time; an empty rate or date clears it', () => {
    expect(settingsPatch('headroomPercent', '15')).toEqual({ patch: { headroomFraction: 0.15 } });
    expect(settingsPatch('usdPerCny', '0.138')).toEqual({ patch: { usdPerCny: 0.138 } });
    expect(settingsPatch('usdPerCny', ' ')).toEqual({ patch: { usdPerCny: null } });
    expect(settingsPatch('usdPerCnyDate', '2026-12-01')).toEqual({ patch: { usdPerCnyDate: '2026-12-01' } });
    expect(settingsPatch('usdPerCnyDate', '')).toEqual({ patch: { usdPerCnyDate: null } });
    expect(settingsPatch('electricityPricePerKWh', '0')).toEqual({ patch: { electricityPricePerKWh: 0 } });
  });

  it('refuses empty, negative, zero, 1e30 and text with what is allowed, saving nothing', () => {
    for (const [field, text] of [
      ['headroomPercent', ''],
      ['headroomPercent', '-5'],
      ['headroomPercent', '1e30'],
      ['usdPerCny', '0'],
      ['usdPerCny', '-1'],
      ['usdPerCny', '1e30'],
      ['usdPerCny', 'abc'],
      ['usdPerCnyDate', 'yesterday'],
      ['electricityPricePerKWh', ''],
      ['electricityPricePerKWh', '1e30'],
    ] as const) {
      const result = settingsPatch(field, text);
      expect(result.patch, `${field} = ${JSON.stringify(text)}`).toBeUndefined();
      expect(english(result.problem!).length, `${field} = ${JSON.stringify(text)}`).toBeGreaterThan(5);
    }
    expect(english(settingsPatch('headroomPercent', '95').problem!)).toMatch(/90/);
  });
});

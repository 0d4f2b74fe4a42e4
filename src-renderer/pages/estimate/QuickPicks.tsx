import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessage, type MessageParam } from '../../../src-main/domain/messages';
import { formatNumber } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { QUICK_PICKS, type PickedField, type QuickPick } from './quick-picks';

/** What the last quick question set, for the line under the buttons. */
export interface LastPick {
  pick: QuickPick;
  fields: PickedField[];
}

/** One-click versions of the questions people ask before renting a card, and what the last one set. */
export const QuickPicks = memo(function QuickPicks({
  onPick,
  last,
}: {
  onPick: (pick: QuickPick) => void;
  last: LastPick | null;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const shown = (value: MessageParam) =>
    isMessage(value) ? text(value) : typeof value === 'number' ? formatNumber(value) : value;
  return (
    <div className="quick-picks-area">
      <div className="quick-picks" role="group" aria-labelledby="quick-picks-label">
        <span id="quick-picks-label" className="quick-picks-label">
          {t('quick.label')}
        </span>
        {QUICK_PICKS.map((pick) => (
          <button
            key={pick.id}
            type="button"
            className="chip"
            aria-pressed={last?.pick.id === pick.id}
            onClick={() => onPick(pick)}
          >
            {t(pick.labelKey)}
          </button>
        ))}
      </div>
      <p className="quick-picks-set muted small" role="status" data-testid="quick-set">
        {last
          ? t('quick.set', {
              pick: t(last.pick.labelKey),
              fields: last.fields
                .map((f) => t('quick.setField', { field: text(f.label), value: shown(f.value) }))
                .join(t('quick.separator')),
            })
          : null}
      </p>
    </div>
  );
});

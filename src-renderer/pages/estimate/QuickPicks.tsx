import { useTranslation } from 'react-i18next';
import { QUICK_PICKS, type QuickPick } from './quick-picks';

/** One-click versions of the questions people ask before renting a card. */
export function QuickPicks({ onPick }: { onPick: (pick: QuickPick) => void }) {
  const { t } = useTranslation();
  return (
    <div className="quick-picks" role="group" aria-labelledby="quick-picks-label">
      <span id="quick-picks-label" className="quick-picks-label">
        {t('quick.label')}
      </span>
      {QUICK_PICKS.map((pick) => (
        <button key={pick.id} type="button" className="chip" onClick={() => onPick(pick)}>
          {t(pick.labelKey)}
        </button>
      ))}
    </div>
  );
}

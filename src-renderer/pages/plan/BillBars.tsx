import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../src-main/domain/catalog';
import { formatPrice } from '../../lib/format';
import { BILL_ITEMS, billStacks, optionId, type PlanOptionRow } from './bill';
import { useMessageText } from '../../lib/messages';

/** Every option's bill as one bar of its items, on a shared scale, cheapest marked. */
export function BillBars({
  options,
  currency,
  cheapestId,
}: {
  options: readonly PlanOptionRow[];
  currency: Currency;
  cheapestId?: string;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const stacks = billStacks(options);
  const maxTotal = Math.max(...options.map((o) => o.total), 0) || 1;
  const used = BILL_ITEMS.filter((item) => stacks.some((s) => s.parts.some((p) => p.item === item)));
  return (
    <figure className="bill-bars">
      <ul className="bill-bar-list">
        {options.map((option, i) => {
          const stack = stacks[i]!;
          const id = optionId(option);
          const label = text(option.label);
          let start = 0;
          const description = stack.parts
            .map((p) => `${t(`plan.item.${p.item}`)} ${formatPrice(p.amount, currency)}`)
            .join(', ');
          return (
            <li key={id} className={id === cheapestId ? 'bill-bar-cheapest' : undefined}>
              <span className="bill-bar-label" title={label}>
                {label}
              </span>
              <svg viewBox="0 0 1000 18" preserveAspectRatio="none" role="img" aria-label={`${label}: ${description}`}>
                <title>{`${label}: ${description}`}</title>
                {stack.parts.map((part) => {
                  const width = (part.amount / maxTotal) * 1000;
                  const x = start;
                  start += width;
                  return <rect key={part.item} className={`bill-${part.item}`} x={x} y={0} width={width} height={18} />;
                })}
              </svg>
              <span className="bill-bar-total">{formatPrice(option.total, currency)}</span>
            </li>
          );
        })}
      </ul>
      <figcaption>
        <ul className="chart-legend">
          {used.map((item) => (
            <li key={item}>
              <span className={`bill-swatch bill-${item}`} aria-hidden="true" />
              <span>{t(`plan.item.${item}`)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

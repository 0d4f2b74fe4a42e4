import { memo } from 'react';
import type { Message } from '../../src-main/domain/messages';
import { messageKey, useMessageText } from '../lib/messages';

/**
 * The assumptions an answer rests on, in the user's language; nothing when there are none. Memoised: a keystroke
 * that only marks the answer stale does not render its sentences again.
 */
export const AssumptionsPanel = memo(function AssumptionsPanel({
  id,
  title,
  lines,
}: {
  id: string;
  title: string;
  lines: readonly Message[];
}) {
  const text = useMessageText();
  if (lines.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="assumptions">
        {lines.map((line) => (
          <li key={messageKey(line)}>{text(line)}</li>
        ))}
      </ul>
    </section>
  );
});

export { isMessage, msg, type Message, type MessageCode, type MessageParam } from './message';
export { renderMessage, type Catalog } from './render';

import { catalogEn } from './catalog-en';
import type { Message } from './message';
import { renderMessage } from './render';

/**
 * The English text of a message: what the CLI prints and what an Error's `message` holds. It reads the English
 * catalog alone, and this index does not re-export `catalogs` (import it from './catalogs'): through it, every module
 * that builds an error or a message, the renderer's pages included, would load the Chinese catalog too.
 */
export function english(message: Message): string {
  return renderMessage(message, catalogEn, 'en');
}
export {
  allowedNumber,
  fieldOf,
  fieldProblems,
  firstProblem,
  issueMessage,
  pinpoint,
  ruleIssue,
  schemaAt,
  type FieldProblem,
  type ZodIssueLike,
} from './zod-issues';

export { isMessage, msg, type Message, type MessageCode, type MessageParam } from './message';
export { renderMessage, type Catalog } from './render';
export { catalogs, type CatalogLanguage } from './catalogs';

import { catalogs } from './catalogs';
import type { Message } from './message';
import { renderMessage } from './render';

/** The English text of a message: what the CLI prints and what an Error's `message` holds. */
export function english(message: Message): string {
  return renderMessage(message, catalogs.en, 'en');
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

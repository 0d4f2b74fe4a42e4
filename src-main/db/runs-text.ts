import { searchUsesIndex } from '../domain/runs';
import type { Db } from './driver';

/**
 * The Runs page's text search: the typed text anywhere in a run's notes, provider or model label,
 * ignoring case. Text of three characters or more is looked up in the trigram index `runs_text`
 * (migration 008); shorter text has no trigram to look up and is searched with LIKE over every run (as is text
 * with a NUL character).
 * Both read the text literally: LIKE's wildcards are escaped, and FTS5 gets one quoted string
 * (https://www.sqlite.org/fts5.html, "FTS5 Strings": a double quote inside is doubled). The trigram
 * index folds the case of every letter, LIKE that of ASCII letters only.
 */

/** The FTS5 table of the run log's text (migration 008); its triggers are named runs_text_* (runs-derived.ts). */
const RUNS_TEXT_TABLE = 'runs_text';

/**
 * How a text search is joined to the run log. 'lookup': each matching id is looked up in the log (for a count,
 * or a few matches sorted). 'member': a walk of a sort column's index tests each run against the matches,
 * collected once (`+id` keeps SQLite from looking them up instead). Asking the text index about each run walked
 * (a correlated EXISTS) was tried and dropped: FTS5 answers each such probe slowly, so a walk that passes many
 * runs before it meets matches (the runs without a date, at one end of the log) was far slower than collecting
 * the matches once.
 */
export type TextJoin = 'lookup' | 'member';

/** The condition on `runs` for a text search, with its parameter. */
export function textCondition(
  text: string,
  join: TextJoin = 'lookup',
): { sql: string; params: Record<string, unknown> } {
  if (searchUsesIndex(text)) {
    return {
      sql: `${join === 'member' ? '+id' : 'id'} IN (SELECT rowid FROM ${RUNS_TEXT_TABLE} WHERE ${RUNS_TEXT_TABLE} MATCH @text)`,
      params: { text: `"${text.replaceAll('"', '""')}"` },
    };
  }
  return {
    sql: "(notes LIKE @text ESCAPE '\\' OR provider LIKE @text ESCAPE '\\' OR model_label LIKE @text ESCAPE '\\')",
    params: { text: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
  };
}

/**
 * How many runs match `text`, counted in the index alone (it holds exactly the log's runs), or undefined when the
 * index cannot answer the text (searchUsesIndex). Counting through `runs` would look up every matching run in the
 * log's table.
 */
export function countTextMatches(db: Db, text: string): number | undefined {
  if (!searchUsesIndex(text)) return undefined;
  const { params } = textCondition(text);
  return (
    db.prepare(`SELECT count(*) AS n FROM ${RUNS_TEXT_TABLE} WHERE ${RUNS_TEXT_TABLE} MATCH @text`).get(params) as {
      n: number;
    }
  ).n;
}

/** Builds the text index again from the whole log. */
export function rebuildRunsText(db: Db): void {
  db.exec(`INSERT INTO ${RUNS_TEXT_TABLE} (${RUNS_TEXT_TABLE}) VALUES ('rebuild')`);
}

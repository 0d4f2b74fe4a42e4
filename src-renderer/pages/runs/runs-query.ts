import type { Method } from '../../../src-main/domain/estimate/input';
import type { ListRunsOptions, RunOrigin, RunOutcome, RunSortKey } from '../../../src-main/domain/runs';

/** Rows per page of the run table: the store pages in SQL, the UI never loads everything. */
const PAGE_SIZE = 50;

export type SortDirection = 'asc' | 'desc';

/** The column the table is sorted by, and which way. */
export interface SortState {
  key: RunSortKey;
  direction: SortDirection;
}

/** Newest run first: what someone opening their log wants to see. */
export const DEFAULT_SORT: SortState = { key: 'startedAt', direction: 'desc' };

/**
 * The sort after a click on a column header: the same column flips its direction; a new
 * column starts with the biggest (or newest) value first, except the card name (A to Z).
 */
export function nextSort(current: SortState, key: RunSortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'card' ? 'asc' : 'desc' };
}

/** The header's aria-sort value for a column. */
export function ariaSort(current: SortState, key: RunSortKey): 'ascending' | 'descending' | 'none' {
  if (current.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** The filter bar as the user set it; '' means "any". */
export interface RunFilters {
  card: string;
  outcome: RunOutcome | '';
  origin: RunOrigin | '';
  method: Method | '';
  text: string;
}

export const NO_FILTERS: RunFilters = { card: '', outcome: '', origin: '', method: '', text: '' };

/** The `runs:list` input for one page (0-based) of the table; empty filters are left out. */
export function listInput(filters: RunFilters, sort: SortState, page: number): ListRunsOptions {
  const filter: NonNullable<ListRunsOptions['filter']> = {};
  if (filters.card) filter.card = filters.card;
  if (filters.outcome) filter.outcome = filters.outcome;
  if (filters.origin) filter.origin = filters.origin;
  if (filters.method) filter.method = filters.method;
  const text = filters.text.trim().slice(0, 200);
  if (text) filter.text = text;
  return { limit: PAGE_SIZE, offset: page * PAGE_SIZE, sort: [sort.key, sort.direction], filter };
}

/** Which rows a page shows: 1-based `from`/`to` (0 and 0 when there are none) and the page count. */
export function pageRange(
  page: number,
  total: number,
  pageSize = PAGE_SIZE,
): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return { from: 0, to: 0, pages };
  const from = page * pageSize + 1;
  return { from, to: Math.min(total, from + pageSize - 1), pages };
}

/** The last page that still has rows (after a filter or delete shrank the list). */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(0, page), Math.max(0, Math.ceil(total / pageSize) - 1));
}

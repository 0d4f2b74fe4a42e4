import type { Method } from '../../../src-main/domain/estimate/input';
import type { RunOrigin, RunOutcome } from '../../../src-main/domain/runs';
import { cursorOf, type ListRunsOptions, type RunCursor, type RunSortKey } from '../../../src-main/domain/runs/queries';

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

/**
 * Which page the table shows and how the store finds it: the first page; the page after the last run
 * (or before the first run) of the page that was on screen; or the last page. The store walks its
 * index from the cursor, so page 20,000 of a million runs costs what page 1 costs (an offset would
 * read every run it skips). `page` (0-based) only numbers it for the pager.
 */
export type PagePosition =
  { page: number; from: 'first' | 'last' } | { page: number; from: 'after' | 'before'; cursor: RunCursor };

export const FIRST_PAGE: PagePosition = { page: 0, from: 'first' };

/** A pager button: where it goes. */
export type PageMove = 'first' | 'previous' | 'next' | 'last';

/** The rows of the page on screen, as far as a cursor needs them. */
type ShownRun = Parameters<typeof cursorOf>[0];

/**
 * The position after a pager button, from the runs on screen. Pages stay aligned with the first
 * one (the last page holds the remainder), so "previous" from the last page is the page before it.
 */
export function movePage(
  move: PageMove,
  current: PagePosition,
  shown: readonly ShownRun[],
  sort: SortState,
  total: number,
  pageSize = PAGE_SIZE,
): PagePosition {
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  if (move === 'first' || (move === 'previous' && current.page <= 1)) return FIRST_PAGE;
  if (move === 'last' || (move === 'next' && current.page + 1 >= lastPage)) return { page: lastPage, from: 'last' };
  const edge = move === 'next' ? shown.at(-1) : shown[0];
  // No run on screen to start from (the page emptied): count from the start instead.
  if (!edge) return FIRST_PAGE;
  return {
    page: current.page + (move === 'next' ? 1 : -1),
    from: move === 'next' ? 'after' : 'before',
    cursor: cursorOf(edge, sort.key),
  };
}

/** The `runs:list` input for one page of the table; empty filters are left out. */
export function listInput(filters: RunFilters, sort: SortState, position: PagePosition): ListRunsOptions {
  const filter: NonNullable<ListRunsOptions['filter']> = {};
  if (filters.card) filter.card = filters.card;
  if (filters.outcome) filter.outcome = filters.outcome;
  if (filters.origin) filter.origin = filters.origin;
  if (filters.method) filter.method = filters.method;
  const text = filters.text.trim().slice(0, 200);
  if (text) filter.text = text;
  const where: Pick<ListRunsOptions, 'after' | 'before' | 'last'> =
    position.from === 'after'
      ? { after: position.cursor }
      : position.from === 'before'
        ? { before: position.cursor }
        : position.from === 'last'
          ? { last: true }
          : {};
  return { limit: PAGE_SIZE, ...where, sort: [sort.key, sort.direction], filter };
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

/** The position once a run is deleted: the same page, or the new last page when that one is gone. */
export function afterDeleting(position: PagePosition, total: number, pageSize = PAGE_SIZE): PagePosition {
  const page = clampPage(position.page, total, pageSize);
  if (page === position.page) return position;
  return page === 0 ? FIRST_PAGE : { page, from: 'last' };
}

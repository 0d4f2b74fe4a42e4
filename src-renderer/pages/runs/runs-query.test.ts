import { describe, expect, it } from 'vitest';
import {
  afterDeleting,
  ariaSort,
  clampPage,
  DEFAULT_SORT,
  FIRST_PAGE,
  listInput,
  movePage,
  NO_FILTERS,
  nextSort,
  pageRange,
} from './runs-query';

describe('sorting by column headers', () => {
  it('flips the direction on the same column and starts a new one biggest first', () => {
    expect(nextSort(DEFAULT_SORT, 'startedAt')).toEqual({ key: 'startedAt', direction: 'asc' });
    expect(nextSort({ key: 'startedAt', direction: 'asc' }, 'startedAt').direction).toBe('desc');
    expect(nextSort(DEFAULT_SORT, 'cost')).toEqual({ key: 'cost', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'card')).toEqual({ key: 'card', direction: 'asc' });
  });
  it('reports aria-sort only on the sorted column', () => {
    expect(ariaSort(DEFAULT_SORT, 'startedAt')).toBe('descending');
    expect(ariaSort({ key: 'cost', direction: 'asc' }, 'cost')).toBe('ascending');
    expect(ariaSort(DEFAULT_SORT, 'cost')).toBe('none');
  });
});

describe('paging', () => {
  it('names the rows on screen', () => {
    expect(pageRange(0, 100_000)).toEqual({ from: 1, to: 50, pages: 2000 });
    expect(pageRange(1999, 100_000)).toEqual({ from: 99_951, to: 100_000, pages: 2000 });
    expect(pageRange(2, 123)).toEqual({ from: 101, to: 123, pages: 3 });
    expect(pageRange(0, 0)).toEqual({ from: 0, to: 0, pages: 1 });
  });
  it('falls back to the last page that has rows', () => {
    expect(clampPage(5, 120)).toBe(2);
    expect(clampPage(5, 0)).toBe(0);
    expect(clampPage(-1, 120)).toBe(0);
  });
});

describe('listInput', () => {
  it('asks for one page with only the filters that are set', () => {
    const position = { page: 3, from: 'after' as const, cursor: { id: 7, value: 4.5 } };
    expect(
      listInput({ ...NO_FILTERS, origin: 'mine', text: '  autodl ' }, { key: 'cost', direction: 'asc' }, position),
    ).toEqual({
      limit: 50,
      after: { id: 7, value: 4.5 },
      sort: ['cost', 'asc'],
      filter: { origin: 'mine', text: 'autodl' },
    });
    expect(listInput(NO_FILTERS, DEFAULT_SORT, FIRST_PAGE)).toEqual({
      limit: 50,
      sort: ['startedAt', 'desc'],
      filter: {},
    });
    expect(listInput(NO_FILTERS, DEFAULT_SORT, { page: 9, from: 'last' }).last).toBe(true);
    expect(
      listInput(NO_FILTERS, DEFAULT_SORT, { page: 2, from: 'before', cursor: { id: 3, value: null } }).before,
    ).toEqual({ id: 3, value: null });
  });
  it('never asks for an offset: the store reads no run it skips', () => {
    for (const from of ['first', 'last'] as const)
      expect(listInput(NO_FILTERS, DEFAULT_SORT, { page: 5, from })).not.toHaveProperty('offset');
  });
});

describe('pager buttons (keyset)', () => {
  const sort = { key: 'cost' as const, direction: 'desc' as const };
  const shown = [
    { id: 10, cost: 9.5 },
    { id: 4, cost: 3 },
  ];
  it('pages forward after the last run shown and back before the first', () => {
    expect(movePage('next', FIRST_PAGE, shown, sort, 1000)).toEqual({
      page: 1,
      from: 'after',
      cursor: { id: 4, value: 3 },
    });
    expect(movePage('previous', { page: 5, from: 'after', cursor: { id: 1, value: 1 } }, shown, sort, 1000)).toEqual({
      page: 4,
      from: 'before',
      cursor: { id: 10, value: 9.5 },
    });
  });
  it('asks for the first and last pages by name, also when a step reaches them', () => {
    expect(movePage('last', FIRST_PAGE, shown, sort, 1000)).toEqual({ page: 19, from: 'last' });
    expect(movePage('next', { page: 18, from: 'first' }, shown, sort, 1000)).toEqual({ page: 19, from: 'last' });
    expect(movePage('previous', { page: 1, from: 'last' }, shown, sort, 1000)).toEqual(FIRST_PAGE);
    expect(movePage('first', { page: 7, from: 'last' }, shown, sort, 1000)).toEqual(FIRST_PAGE);
    // A run missing its sort value pages by null, which the store sorts smallest.
    expect(movePage('next', FIRST_PAGE, [{ id: 2, cost: null }], sort, 1000)).toMatchObject({
      cursor: { id: 2, value: null },
    });
  });
  it('goes to the new last page when a delete emptied the page on screen', () => {
    expect(afterDeleting({ page: 2, from: 'last' }, 100)).toEqual({ page: 1, from: 'last' });
    expect(afterDeleting({ page: 1, from: 'last' }, 50)).toEqual(FIRST_PAGE);
    const kept = { page: 1, from: 'after' as const, cursor: { id: 4, value: 3 } };
    expect(afterDeleting(kept, 99)).toBe(kept);
  });
});

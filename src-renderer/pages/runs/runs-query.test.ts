import { describe, expect, it } from 'vitest';
import { ariaSort, clampPage, DEFAULT_SORT, listInput, NO_FILTERS, nextSort, pageRange } from './runs-query';

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
    expect(
      listInput({ ...NO_FILTERS, origin: 'mine', text: '  autodl ' }, { key: 'cost', direction: 'asc' }, 3),
    ).toEqual({
      limit: 50,
      offset: 150,
      sort: ['cost', 'asc'],
      filter: { origin: 'mine', text: 'autodl' },
    });
    expect(listInput(NO_FILTERS, DEFAULT_SORT, 0).filter).toEqual({});
  });
});

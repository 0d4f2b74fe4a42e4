import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNDATED, offerSchema } from '../src-main/domain/catalog';
import { DATA_DIR, readDataFile } from './data-files';

// Issue 13 point 6: what the app ships and shows cites public sources, never the notes it was built from.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The JSON files a user's catalog and the app's words come from. */
function shippedFiles(): string[] {
  const json = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(ROOT, dir, name));
  return [
    ...json('data'),
    ...json('data/measurements'),
    ...json('src-main/domain/messages'),
    ...json('src-renderer/i18n'),
    ...json('src-renderer/i18n/pages'),
  ];
}

/** Every string of a JSON tree with its path. */
function strings(tree: unknown, at = ''): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, `${at}.${key}`));
}

/**
 * What a research note, a search tool or a machine leaves behind: note paths and sections, search
 * result ids, the names of internal indexes, absolute paths of the machine the data was made on.
 */
const NOTE_TRACES: readonly RegExp[] = [
  /\bpractice\//i,
  /\bresearch\//i,
  /\.txt\s*§/i,
  /\b\d{3}_[\w.-]*\.txt\b/i,
  /§/,
  /\bsources\.md\b/i,
  /\bsearch (excerpts?|results?|hits?|ids?)\b/i,
  /\bresult ids?\b/i,
  /\brentgpu\b/i,
  /\(cheapest in\b/i,
  /(^|[\s("'`])\/(work|tmp|home|Users)\//,
];

/** A public address names a repository path ("openlm-research/…") without citing a note: look past it. */
function withoutLinks(text: string): string {
  return text.replace(/https?:\/\/\S+/g, '<link>');
}

function traces(text: string): RegExp[] {
  const prose = withoutLinks(text);
  return NOTE_TRACES.filter((pattern) => pattern.test(prose));
}

/** Words that describe a seller instead of naming one. */
const NOT_A_NAME =
  /\b(typical|generic|cheapest|median|index|various|unknown|example|platforms?|sellers?|providers?)\b/i;

describe('shipped data and catalogs', () => {
  const files = shippedFiles();

  it('are all read (data, measurements and the message catalogs of both languages)', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names).toContain('data/offers.json');
    expect(names).toContain('data/measurements/public.json');
    expect(names).toContain('src-main/domain/messages/zh-CN.json');
    expect(names).toContain('src-renderer/i18n/pages/plan.zh-CN.json');
  });

  it('refer to no research note, search result or machine path', () => {
    const found = files.flatMap((file) =>
      strings(JSON.parse(readFileSync(file, 'utf8'))).flatMap(([at, text]) =>
        traces(text).map((pattern) => `${relative(ROOT, file)}${at}: ${pattern} in “${text.slice(0, 120)}”`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('catch a trace when one slips in, and let a public link through', () => {
    expect(traces('practice/000_notes.txt §7.4')).not.toEqual([]);
    expect(traces('ACME (cheapest in rentgpu index)')).not.toEqual([]);
    expect(traces('read from a search excerpt')).not.toEqual([]);
    expect(traces('result id 4417')).not.toEqual([]);
    expect(traces('library versions (refs_orca/requirements_pf.txt)')).toEqual([]);
    expect(traces('copied from /home/someone/notes/prices.md')).not.toEqual([]);
    expect(traces('config https://huggingface.co/openlm-research/open_llama_3b/blob/main/config.json')).toEqual([]);
  });
});

describe('data/offers.json', () => {
  const offers = z.array(offerSchema).parse(readDataFile<unknown>('offers.json'));

  it('names each seller by its name', () => {
    expect(offers.filter((offer) => NOT_A_NAME.test(offer.provider)).map((o) => `${o.id}: ${o.provider}`)).toEqual([]);
    expect(NOT_A_NAME.test('Typical Chinese platform')).toBe(true);
    expect(NOT_A_NAME.test('RunPod (Secure Cloud)')).toBe(false);
  });

  it('gives each price a public link, and a date wherever it has one', () => {
    expect(offers.filter((offer) => !/https?:\/\/[^\s)]+\.[^\s)]+/.test(offer.source)).map((o) => o.id)).toEqual([]);
    // A date is a calendar date; a source that gives none says "undated" (translated on screen), never a note.
    const dated = (at: string) => /^\d{4}-\d{2}-\d{2}$/.test(at) || at === UNDATED;
    expect(offers.filter((offer) => !dated(offer.observedAt)).map((o) => o.id)).toEqual([]);
    expect(dated('undated (snapshot ≈2026)')).toBe(false);
  });

  it('is read from the seed directory the app bundles', () => {
    expect(DATA_DIR).toBe(join(ROOT, 'data'));
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../http/policy';
import { answerAppRequest, APP_INDEX_URL } from './app-protocol';

let root: string;
let renderer: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cardwise-protocol-'));
  renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Cardwise</title>');
  writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'do not serve');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, pages?: Record<string, string>) => answerAppRequest({ url, method: 'GET' }, renderer, pages);

describe('app:// answers', () => {
  it('serves the built renderer with its type and the shared security headers', async () => {
    const page = await get(APP_INDEX_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>Cardwise</title>');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(page.headers.get(name), name).toBe(value);
    const script = await get('app://cardwise/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('never leaves the renderer folder or our host', async () => {
    for (const url of [
      'app://cardwise/../secret.txt',
      'app://cardwise/%2e%2e/secret.txt',
      'app://cardwise/%252e%252e/secret.txt',
      'app://cardwise/..%5csecret.txt',
      'app://cardwise/assets/%00.js',
      'app://cardwise/missing.js',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).not.toContain('do not serve');
    }
  });

  it('refuses methods other than GET and HEAD, and HEAD carries no body', async () => {
    expect((await answerAppRequest({ url: APP_INDEX_URL, method: 'POST' }, renderer)).status).toBe(405);
    const head = await answerAppRequest({ url: APP_INDEX_URL, method: 'HEAD' }, renderer);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves the pages the shell made, under the same headers', async () => {
    const answer = await get('app://cardwise/problem.html', { '/problem.html': '<p>problem</p>' });
    expect(await answer.text()).toBe('<p>problem</p>');
    expect(answer.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
  });
});

describe('one policy', () => {
  it('the renderer page carries no CSP of its own: both doors send the one in http/policy.ts', () => {
    const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../src-renderer/index.html'), 'utf8');
    expect(html).not.toMatch(/Content-Security-Policy/i);
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The Content-Type of a renderer file, by its extension. */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}

/**
 * Resolves a URL path inside `root`, or null when it would leave it (`..`, encoded
 * variants, NUL bytes, backslashes) or cannot be decoded.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const target = resolve(base, '.' + (decoded === '/' ? '/index.html' : decoded));
  return target === base || target.startsWith(base + sep) ? target : null;
}

/**
 * How long a browser may keep a renderer file. The build names every file under `assets/` by a hash of its content
 * (Vite's `[name]-[hash]`), so a name never serves two contents: kept for a year and never revalidated, a reload or
 * a second tab reads the scripts from the browser's cache, and Chromium runs them from its compiled-code cache
 * instead of downloading, parsing and compiling them again (https://v8.dev/blog/code-caching-for-devs: the code
 * cache rides on the HTTP cache, which `no-store` switches off). Everything else (index.html, which names the current
 * files, and every API answer) keeps SECURITY_HEADERS' `no-store`.
 */
export function cacheControlFor(root: string, file: string): string | null {
  return file.startsWith(resolve(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : null;
}

/** Serves a file of the built renderer; unknown paths fall back to index.html (hash routing). */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
): Promise<void> {
  const target = resolveInside(root, urlPath);
  if (!target) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  const file = (await isFile(target)) ? target : extname(target) === '' ? resolve(root, 'index.html') : null;
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  const body = await readFile(file);
  const cacheControl = cacheControlFor(root, file);
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-length': body.length,
    ...(cacheControl ? { 'cache-control': cacheControl } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

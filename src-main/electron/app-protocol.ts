import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { SECURITY_HEADERS } from '../http/policy';
import { contentTypeOf, resolveInside } from '../http/static';

/** The window's origin: a privileged standard scheme, so the page is a secure context but not `file://`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'cardwise';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** How main.ts registers the scheme, before the app is ready (Electron's `registerSchemesAsPrivileged`). */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true };

/**
 * Answers a request for `app://cardwise/…`: a file of the built renderer, or one of the
 * `pages` the shell made (the startup-problem page), under the same security headers as the
 * browser mode (one CSP). Anything else, other hosts and paths that leave the folder
 * included, is a 404; anything but GET or HEAD is a 405.
 */
export async function answerAppRequest(
  request: { url: string; method: string },
  rendererDir: string,
  pages: Readonly<Record<string, string>> = {},
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return plain(404, 'not found');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'not found');
  const page = pages[url.pathname];
  if (page !== undefined) return answer(200, 'text/html; charset=utf-8', Buffer.from(page, 'utf8'), request.method);
  const target = resolveInside(rendererDir, url.pathname);
  if (!target) return plain(404, 'not found');
  // Hash routes never reach here, but an extensionless path gets the app, as in the browser mode.
  const file = (await isFile(target)) ? target : extname(target) === '' ? join(rendererDir, 'index.html') : null;
  if (!file) return plain(404, 'not found');
  return answer(200, contentTypeOf(file), await readFile(file), request.method);
}

function answer(status: number, type: string, body: Buffer, method: string): Response {
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(body.length) },
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

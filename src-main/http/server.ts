import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../app';
import { defaultPaths } from '../db/paths';
import { httpStatusFor, isAllowedHost, isSameOrigin, SECURITY_HEADERS } from './policy';
import { readJsonBody, BodyError } from './body';
import { serveStatic } from './static';
import { quietTracker, type QuietTracker } from '../handlers/quiet';

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  /** Runs `task` once the server is quiet (handlers/quiet.ts: an API call answered, then nothing asked for a while). */
  whenQuiet: QuietTracker['whenQuiet'];
  close(): Promise<void>;
}

/**
 * Limits that keep one client from starving the others: idle or slow connections are cut
 * (headers within 10 s, a whole request within 60 s, keep-alive 5 s), at most 64 at once (the
 * UI uses a handful), headers of at most 16 KiB. Node's defaults have no connection cap and
 * check time-outs only every 30 s.
 */
export interface ServerLimits {
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxHeaderBytes: number;
  /** How often Node checks the header and request time-outs. */
  checkIntervalMs: number;
}

export const SERVER_LIMITS: Readonly<ServerLimits> = {
  maxConnections: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  checkIntervalMs: 1_000,
};

/**
 * Web mode: the same dispatcher over HTTP on 127.0.0.1 only. Every API call needs the
 * per-launch token as `Authorization: Bearer`; the page gets it from the URL fragment
 * (`#token=`, which browsers never send to a server) and keeps it in session storage. No
 * cookie: cookies are not port-scoped, so every other local server would receive it. The
 * built HTML, scripts and styles hold no user data and load without the token.
 */
export async function startServer(options: {
  app: App;
  port?: number;
  rendererDir?: string;
  /** Tests shorten the time-outs; production uses SERVER_LIMITS as they are. */
  limits?: Partial<ServerLimits>;
}): Promise<RunningServer> {
  const limits = { ...SERVER_LIMITS, ...options.limits };
  const token = randomBytes(24).toString('base64url');
  const rendererDir = options.rendererDir ?? join(defaultPaths().appRoot, 'out', 'renderer');
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      handle(req, res).catch(() =>
        send(res, 500, { ok: false, error: { code: 'internal', message: 'unexpected error' } }),
      );
    },
  );
  server.maxConnections = limits.maxConnections;
  const quiet = quietTracker();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    quiet.asked();
    res.once('close', () => quiet.answered(req.url?.startsWith('/api/') === true));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const port = (server.address() as { port: number }).port;
    if (!isAllowedHost(req.headers.host, port)) return send(res, 421, forbidden('host not allowed'));
    if (!isSameOrigin(req.headers.origin, port)) return send(res, 403, forbidden('cross-origin requests are refused'));
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return send(res, 405, forbidden('use POST'));
      if (!hasToken(bearerOf(req.headers.authorization), token)) return send(res, 401, unauthorized());
      let body: unknown;
      try {
        body = await readJsonBody(req);
      } catch (error) {
        const status = error instanceof BodyError ? error.status : 400;
        return send(res, status, { ok: false, error: { code: 'bad-input', message: (error as Error).message } });
      }
      const channel = decodeSafely(url.pathname.slice('/api/'.length));
      const result = await options.app.dispatcher.dispatch(channel ?? '', body);
      if (!result.ok && result.error.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(result.error.retryAfterSeconds));
      }
      return send(res, result.ok ? 200 : httpStatusFor(result.error.code), result);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, forbidden('method not allowed'));
    if (!existsSync(rendererDir)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The Cardwise UI is not built yet: run `npm run build`, then start the server again.\n');
      return;
    }
    await serveStatic(req, res, rendererDir, url.pathname);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    whenQuiet: quiet.whenQuiet,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function forbidden(message: string) {
  return { ok: false, error: { code: 'forbidden', message } };
}

function unauthorized() {
  return {
    ok: false,
    error: { code: 'forbidden', message: 'missing or wrong token: open the URL that `cardwise serve` printed' },
  };
}

function hasToken(candidate: string | null | undefined, token: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function decodeSafely(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

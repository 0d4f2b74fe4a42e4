import type { ErrorCode } from '../ipc/contract';

/** Headers on every response of the web mode: a strict CSP and no sniffing, framing or referrers. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** DNS-rebinding guard: only the loopback names, on our own port. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Browsers send Origin on cross-site requests; only our own origin (or none: same-origin GET, curl) passes. */
export function isSameOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'bad-input':
      return 400;
    case 'forbidden':
      return 403;
    case 'unknown-channel':
    case 'not-found':
      return 404;
    case 'busy':
      return 503;
    case 'store':
    case 'internal':
      return 500;
  }
}

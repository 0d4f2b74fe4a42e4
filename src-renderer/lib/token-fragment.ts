/**
 * The per-launch token arrives in the URL fragment that `cardwise serve` prints
 * (`http://127.0.0.1:PORT/#token=…`): a fragment is never sent to a server, logged or passed on
 * as a referrer. A page route may follow it (`#token=…#/runs`). Returns the token and the hash
 * to leave in the address bar, or null when the hash carries no token.
 */
export function splitTokenFragment(hash: string): { token: string; rest: string } | null {
  const match = /^#token=([A-Za-z0-9_-]+)(#.*)?$/.exec(hash);
  if (!match) return null;
  return { token: match[1]!, rest: match[2] ?? '' };
}

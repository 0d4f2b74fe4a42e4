/**
 * The pure half of the Electron shell's security: which pages may call the contract, which
 * links may leave the app, and the policy pages run under. No electron import, so it is
 * unit-tested in plain Node.
 */

/** Hosts whose https pages a user may open from a citation link (in the system browser). */
export const EXTERNAL_HOSTS = [
  'github.com',
  'huggingface.co',
  'arxiv.org',
  'nvidia.com',
  'www.nvidia.com',
  'images.nvidia.com',
  'docs.nvidia.com',
  'pytorch.org',
  'docs.vllm.ai',
];

/**
 * A renderer page the main process trusts: our own `app://cardwise/index.html` (any hash
 * route, no query), or the loopback dev server of a development build.
 */
export function isTrustedRendererUrl(rawUrl: string, rendererIndexUrl: string, devServerUrl?: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  const expected = new URL(rendererIndexUrl);
  if (url.protocol === expected.protocol) {
    // app: is not a "special" scheme for the URL parser, so compare its parts, not `origin`.
    return (
      url.host === expected.host &&
      url.pathname === expected.pathname &&
      url.search === '' &&
      !url.username &&
      !url.password
    );
  }
  if (devServerUrl) {
    const dev = new URL(devServerUrl);
    return (
      url.protocol === dev.protocol &&
      url.origin === dev.origin &&
      (dev.hostname === 'localhost' || dev.hostname === '127.0.0.1')
    );
  }
  return false;
}

/** Only https links to a vetted host go to the system browser; everything else is dropped. */
export function isAllowedExternalUrl(rawUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return EXTERNAL_HOSTS.includes(url.hostname);
}

/**
 * The policy for pages of the Vite dev server (development builds only): the shared CSP,
 * plus the inline React-refresh preamble and the hot-reload socket of that one server.
 */
export function devContentSecurityPolicy(policy: string, devServerUrl: string): string {
  const dev = new URL(devServerUrl);
  const socket = `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`;
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name] = directive.split(/\s+/);
      if (name === 'script-src') return `${directive} 'unsafe-inline'`;
      if (name === 'connect-src') return `${directive} ${socket}`;
      return directive;
    })
    .join('; ');
}

/**
 * The pure half of the Electron shell's security: which pages may call the contract and
 * which links may leave the app. No electron import, so it is unit-tested in plain Node.
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

/** A renderer page the main process trusts: our own file:// bundle or the local dev server. */
export function isTrustedRendererUrl(rawUrl: string, rendererIndexFileUrl: string, devServerUrl?: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') {
    const expected = new URL(rendererIndexFileUrl);
    // The host matters too: file://server/share/... is a network (UNC) path on Windows.
    return url.host === expected.host && url.pathname === expected.pathname;
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

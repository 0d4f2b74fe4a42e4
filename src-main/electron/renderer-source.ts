import { APP_INDEX_URL } from './app-protocol';

/** Where the window's page comes from: our own `app://` bundle, or the Vite dev server. */
export type RendererSource = { kind: 'bundle'; url: string } | { kind: 'dev-server'; url: string };

/**
 * `ELECTRON_RENDERER_URL` (set by `electron-vite dev`) is honoured only by a development
 * build that is not packaged, and only for a loopback http(s) server; everything else
 * loads the bundle, whatever the environment says.
 */
export function rendererSource(
  build: { development: boolean; packaged: boolean },
  env: NodeJS.ProcessEnv,
): RendererSource {
  const requested = env['ELECTRON_RENDERER_URL'];
  if (!build.development || build.packaged || !requested) return { kind: 'bundle', url: APP_INDEX_URL };
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return { kind: 'bundle', url: APP_INDEX_URL };
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  return loopback && web && !url.username && !url.password
    ? { kind: 'dev-server', url: url.href }
    : { kind: 'bundle', url: APP_INDEX_URL };
}

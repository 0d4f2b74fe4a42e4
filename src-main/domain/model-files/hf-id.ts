import { InputError } from '../errors';
import { msg } from '../messages';

/** A Hugging Face model repository and the revision (branch, tag or commit) to read it at. */
export interface HfRef {
  /** "ORG/NAME" (or a bare legacy "NAME", such as "gpt2"). */
  id: string;
  revision: string;
}

// huggingface_hub's validate_repo_id: letters, digits, "-", "_", "." up to 96 characters per part,
// no "--" or "..", not starting or ending with "-" or ".".
const PART = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?$/;
// A branch, tag or 40-hex commit; "/" is allowed (refs/pr/1), ".." never.
const REVISION = /^[A-Za-z0-9._/-]{1,100}$/;
const HUB_URL = /^https?:\/\/(?:www\.)?(?:huggingface\.co|hf\.co)\/(.+)$/;

/**
 * The repository named by what the user typed: "ORG/NAME", or a huggingface.co page address
 * (".../ORG/NAME" or ".../ORG/NAME/tree/REV", as copied from the browser). Refuses anything
 * that could leave the repository's folder in a URL or a cache path ("..", "%", "\\", spaces).
 */
export function parseHfRef(text: string, revision?: string): HfRef {
  const typed = text.trim();
  let path = typed;
  let fromUrl: string | undefined;
  const url = HUB_URL.exec(typed);
  if (url) {
    const [org, name, tree, ...rev] = url[1]!
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/');
    path = name === undefined ? org! : `${org}/${name}`;
    // A page shows a revision as /tree/REV (a "/" in it may come as %2F: refs%2Fpr%2F1); a file's
    // address as /blob/REV/FILE or /resolve/REV/FILE.
    if (tree === 'tree' && rev.length > 0) fromUrl = decoded(rev.join('/'));
    if ((tree === 'blob' || tree === 'resolve') && rev.length > 0) fromUrl = decoded(rev[0]!);
  }
  const parts = path.split('/');
  const valid =
    parts.length >= 1 &&
    parts.length <= 2 &&
    parts.every((part) => PART.test(part) && !part.includes('--') && !part.includes('..'));
  if (!valid) throw new InputError('id', msg('hub.badId', { id: shown(typed) }));
  const rev = (revision ?? fromUrl ?? 'main').trim();
  if (!REVISION.test(rev) || rev.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new InputError('revision', msg('hub.badRevision', { id: path, revision: shown(rev) }));
  }
  return { id: path, revision: rev };
}

/** What the user typed, as an error may repeat it: 120 characters at most, no control characters a terminal acts on. */
function shown(text: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return text.slice(0, 120).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `{endpoint}/{id}/resolve/{revision}/{file}`, the address huggingface_hub's hf_hub_url builds. */
export function hfFileUrl(endpoint: string, ref: HfRef, file: string): string {
  return `${endpoint.replace(/\/+$/, '')}/${ref.id}/resolve/${encodeURIComponent(ref.revision)}/${file}`;
}

/** The cache folder of one repository at one revision, relative to the cache root (one safe name each). */
export function hfCacheFolder(ref: HfRef): [repo: string, revision: string] {
  return [`models--${ref.id.replace('/', '--')}`, encodeURIComponent(ref.revision)];
}

import { gguf } from '@huggingface/gguf';
import { InputError } from '../../../src-main/domain/errors';
import { msg } from '../../../src-main/domain/messages';
import { modelFromGgufHeader, type GgufModel } from '../../../src-main/domain/model-files/gguf-header';

/**
 * A fetch that answers @huggingface/gguf's Range requests from a Blob: each request becomes one
 * `blob.slice`, so only the byte ranges the parser asks for (the header, in 2 MB chunks) are ever
 * read, never the tensors of a many-GB file. The `uri` is a name only; nothing leaves the machine.
 */
export function blobRangeFetch(blob: Blob): typeof fetch {
  return async (_uri, init) => {
    const range = new Headers(init?.headers).get('range') ?? '';
    const match = /^bytes=(\d+)-(\d+)$/.exec(range);
    if (!match) return new Response(null, { status: 416 });
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), blob.size - 1);
    const body = start < blob.size ? blob.slice(start, end + 1) : new Blob([]);
    return new Response(body, {
      status: 206,
      headers: { 'content-range': `bytes ${start}-${Math.max(start, end)}/${blob.size}` },
    });
  };
}

/**
 * The model a GGUF file's header describes (architecture, shape, quant type, exact tensor bytes),
 * read in the page from the chosen file by byte ranges. A file that is not GGUF, or whose header
 * is cut off, is an InputError naming the file, as on the CLI (src-main/cli/model-file.ts).
 */
export async function readGgufBlob(blob: Blob, file: string): Promise<GgufModel> {
  const magic = new TextDecoder().decode(await blob.slice(0, 4).arrayBuffer());
  if (magic !== 'GGUF') throw new InputError('model', msg('modelFile.notGguf', { file }));
  let parsed: Awaited<ReturnType<typeof gguf>>;
  try {
    parsed = await gguf(`https://local.invalid/${encodeURIComponent(file)}`, { fetch: blobRangeFetch(blob) });
  } catch (error) {
    // The parser runs past the end of a cut-off header (RangeError), or refuses a version it does not know.
    const version = /version/i.test(String((error as Error).message));
    throw new InputError(
      'model',
      version
        ? msg('modelFile.ggufVersion', { file, version: '?' })
        : msg('modelFile.truncated', { file, format: 'GGUF' }),
    );
  }
  if (parsed.tensorInfoByteRange[1] > blob.size) {
    throw new InputError('model', msg('modelFile.truncated', { file, format: 'GGUF' }));
  }
  return modelFromGgufHeader(
    { metadata: parsed.metadata as unknown as Record<string, unknown>, tensorInfos: parsed.tensorInfos },
    file,
  );
}

import { gguf } from '@huggingface/gguf';
import { modelFromGgufFile, type GgufModel } from '../../../src-main/domain/model-files/gguf-header';

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
 * is cut off, is an InputError naming the file, as on the CLI (the same `modelFromGgufFile`).
 */
export async function readGgufBlob(blob: Blob, file: string): Promise<GgufModel> {
  const magic = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return modelFromGgufFile(
    magic,
    blob.size,
    () => gguf(`https://local.invalid/${encodeURIComponent(file)}`, { fetch: blobRangeFetch(blob) }),
    file,
  );
}

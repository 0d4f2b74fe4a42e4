import type { IncomingMessage } from 'node:http';

/**
 * Largest request body the API accepts: an import file of EXCHANGE_TEXT_MAX_CHARS (64 Mi
 * characters) as a JSON string, with room for its escaped quotes and multi-byte characters.
 * Counted while the body streams in: a bigger one is refused before it is all read.
 */
export const MAX_BODY_BYTES = 160 * 1024 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON request body, refusing oversized bodies and non-JSON content types. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new BodyError(415, 'send the body as application/json');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new BodyError(413, `body larger than ${MAX_BODY_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, `body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError(400, 'body is not valid JSON');
  }
}

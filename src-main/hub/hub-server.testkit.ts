import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in Hub answers for one path: a status, headers and a body, or no answer at all. */
export type HubAnswer =
  | { status: number; headers?: Record<string, string>; body?: string | Buffer }
  /** Send `bytes` bytes of "x" with no Content-Length (chunked), as a misbehaving server could. */
  | { stream: number }
  /** Accept the request and never answer (the timeout test). */
  | 'hang';

export interface HubServer {
  endpoint: string;
  /** Every request seen: its path and Authorization header. */
  requests: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for huggingface.co: `answers` maps a request path
 * ("/ORG/NAME/resolve/main/config.json") to its answer; any other path is a 404 with the Hub's
 * X-Error-Code: EntryNotFound, as the Hub answers for a file a repository does not have.
 */
export async function startHubServer(answers: Record<string, HubAnswer>): Promise<HubServer> {
  const requests: HubServer['requests'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push({ path, authorization: req.headers.authorization });
    const answer = answers[path] ?? {
      status: 404,
      headers: { 'x-error-code': 'EntryNotFound' },
      body: 'Entry not found',
    };
    if (answer === 'hang') return;
    if ('stream' in answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let left = answer.stream;
      const pump = () => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

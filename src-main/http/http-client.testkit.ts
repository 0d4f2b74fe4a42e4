import { request } from 'node:http';

/** What a raw request got back. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  port: number;
  /** Address to connect to (default 127.0.0.1). */
  address?: string;
  method?: string;
  /** Sent verbatim: no normalizing of `..`, `%2e` or backslashes. */
  path: string;
  /** Sent as given; `host` is not added unless listed (so a request can lack it). */
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * One HTTP request with full control over the request line and headers, for tests that
 * send what a browser would refuse to: foreign Host headers, no Host at all, raw `..`.
 */
export function rawRequest(options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.address ?? '127.0.0.1',
        port: options.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        setHost: false,
        agent: false,
        timeout: options.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 20_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

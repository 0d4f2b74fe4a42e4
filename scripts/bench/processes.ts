/**
 * Figures of whole processes: `cardwise` start against `node -e 0`, the browser-mode server's cold
 * start to its first API answer, and HTTP round trips of estimate and rank against a bare
 * node:http server answering the same bytes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import type { Figure } from './figures';
import { ESTIMATE_INPUT, RANK_INPUT } from './in-process';
import { percentiles, sample } from './stats';

export interface Server {
  url: string;
  origin: string;
  token: string;
  child: ChildProcess;
  /** From spawn to the URL line, and to the first API answer, ms. */
  startedMs: number;
  firstAnswerMs: number;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts the built `cardwise serve` on a free port and waits for its first API answer. */
export async function startCardwiseServer(
  root: string,
  dbPath: string,
  /** Ask one API call before returning (firstAnswerMs); a cold paint navigates as soon as the address is out. */
  { firstAnswer = true }: { firstAnswer?: boolean } = {},
): Promise<Server> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin/cardwise.js'), 'serve', '--port', '0', '--db', dbPath], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const startedMs = performance.now() - t0;
  const parsed = new URL(url);
  const token = parsed.hash.slice('#token='.length);
  const server = {
    url,
    origin: parsed.origin,
    token,
    child,
    startedMs,
    firstAnswerMs: 0,
    stop: () => stopChild(child),
  };
  if (!firstAnswer) return server;
  await api(server, 'settings:get', {});
  server.firstAnswerMs = performance.now() - t0;
  return server;
}

/** One API call over HTTP, as the renderer makes it. */
export async function api(server: Pick<Server, 'origin' | 'token'>, channel: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${server.origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
  if (!body.ok) throw new Error(`${channel}: ${JSON.stringify(body.error)}`);
  return body.data;
}

/** p50 of `node -e 0`, spawned as the bench spawns the server: the floor of any cold start, ms. */
function nodeStartMs(root: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { cwd: root, stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  return percentiles(times).p50Ms;
}

/** `cardwise --help` against `node -e 0`: what starting the CLI costs beyond starting Node. */
export async function cliFigures(root: string, dir: string, quick: boolean): Promise<Figure[]> {
  const runs = quick ? 5 : 20;
  const time = (args: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
      if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
      if (i > 0) times.push(performance.now() - t);
    }
    return times;
  };
  const node = percentiles(time(['-e', '0']));
  const help = percentiles(time(['bin/cardwise.js', '--help']));
  const models = percentiles(time(['bin/cardwise.js', 'models', 'list', '--db', path.join(dir, 'cli.db')]));
  const limit = { name: 'node -e 0', p50Ms: node.p50Ms };
  return [
    { section: 'CLI', name: 'cardwise --help', ...help, limit },
    { section: 'CLI', name: 'cardwise models list (opens the store)', ...models, limit },
  ];
}

/** Server cold start, and HTTP round trips of whole estimates and rankings against bare node:http. */
export async function httpFigures(root: string, dbPath: string, quick: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  const server = await startCardwiseServer(root, dbPath);
  try {
    const runs = quick ? { minRuns: 50, minMs: 300 } : { minRuns: 300, minMs: 2000 };
    const estimateBody = await fetch(`${server.origin}/api/estimate:compute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify(ESTIMATE_INPUT),
    }).then((r) => r.text());
    // The limit: node:http on the same machine answering the same bytes to the same request.
    const bare = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(estimateBody);
      });
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const address = bare.address();
    const bareOrigin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const bareTrip = await sample(
      () =>
        fetch(`${bareOrigin}/api/estimate:compute`, { method: 'POST', body: JSON.stringify(ESTIMATE_INPUT) }).then(
          (r) => r.text(),
        ),
      runs,
    );
    bare.close();
    const limit = { name: 'bare node:http, same bytes', p50Ms: bareTrip.p50Ms };
    figures.push(
      {
        section: 'HTTP',
        name: 'estimate:compute round trip',
        ...(await sample(() => api(server, 'estimate:compute', ESTIMATE_INPUT), runs)),
        limit,
      },
      {
        section: 'HTTP',
        name: 'rank:compute round trip',
        ...(await sample(() => api(server, 'rank:compute', RANK_INPUT), runs)),
        limit,
      },
    );
  } finally {
    await server.stop();
  }
  // Cold starts: a new process each time on the same (migrated, seeded) file.
  const colds = [server];
  for (let i = 0; i < (quick ? 2 : 5); i++) {
    const again = await startCardwiseServer(root, dbPath);
    colds.push(again);
    await again.stop();
  }
  const first = percentiles(colds.map((s) => s.firstAnswerMs));
  figures.push({
    section: 'HTTP',
    name: 'cardwise serve: cold start to first API answer',
    ...first,
    limit: { name: 'node -e 0 (a process start)', p50Ms: nodeStartMs(root, quick ? 3 : 10) },
    note: `URL printed at p50 ${percentiles(colds.map((s) => s.startedMs)).p50Ms.toFixed(0)} ms; first start included (migrates and seeds)`,
  });
  return figures;
}

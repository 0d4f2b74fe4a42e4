import { printJson, type Command } from '../command';
import { z } from 'zod';
import { checkFlags, inputFromBindings, type Binding } from '../flag-input';
import { UsageError } from '../report-error';

const SERVE_BINDINGS: readonly Binding[] = [{ flag: 'port', path: 'port', read: 'number' }];
const serveFlagsSchema = z.object({ port: z.number().int().min(0).max(65535).default(0) });

/** `cardwise serve`: the UI and the API over HTTP on 127.0.0.1, until SIGINT or SIGTERM. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve the Cardwise UI and API on 127.0.0.1 (web mode)',
  usage: ['serve [--port N] [--db PATH] [--json]'],
  options: { port: { type: 'string', value: 'N', description: 'port on 127.0.0.1 (default 0 = any free port)' } },
  notes: ['Prints one line with the URL (it carries the per-launch token) and runs until Ctrl-C.'],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('serve', `unexpected argument "${positionals[0]}"`);
    const { port } = checkFlags(
      serveFlagsSchema,
      inputFromBindings(SERVE_BINDINGS, flags),
      SERVE_BINDINGS,
      flags,
      'serve',
    );
    const { startServer } = await import('../../http/server');
    const opened = await app();
    const server = await startServer({ app: opened, port }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EACCES')
        throw new UsageError('--port', `cannot listen on ${port} (${code})`);
      throw error;
    });
    // A restore names who has the database open: this server, at its address (not its token).
    opened.holder.update({ kind: 'server', url: `http://127.0.0.1:${server.port}/` });
    if (json) printJson(io, { url: server.url, port: server.port, token: server.token });
    else io.stdout(`Cardwise is running at ${server.url}\n`);
    // While the browser renders the page (on another core), the first estimate's reads are done here, in the
    // server's quiet moments (loaded after the address is out, so the address waits for nothing it does not need).
    const { warmUpSoon } = await import('../../handlers/warm-up');
    warmUpSoon(opened.db, server.whenQuiet);
    await untilSignal();
    await server.close();
  },
};

/** Resolves on the first SIGINT or SIGTERM; the handlers stop Node's default exit so we can close cleanly. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

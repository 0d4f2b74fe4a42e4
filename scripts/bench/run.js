// `npm run bench`: runs scripts/bench/main.ts through Vite's module runner, which loads the store's
// bundled migrations and seed data as the build does (tsx cannot: db/bundled.ts uses import.meta.glob).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const main = fileURLToPath(new URL(process.argv[2] === '--plot' ? './plot-growth.ts' : './main.ts', import.meta.url));
process.argv.splice(1, 1, main);
if (process.argv[2] === '--plot') process.argv.splice(2, 1);
await runnerImport(main, { configFile: false, logLevel: 'error' });

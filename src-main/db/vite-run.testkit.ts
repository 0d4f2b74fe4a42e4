/**
 * The Node arguments that run one TypeScript module of this repo as the build sees it, through
 * Vite's module runner: its imports of bundled files (the migrations and seed data of
 * db/bundled.ts, import.meta.glob) work, which tsx cannot do. Use it as
 * `spawn(process.execPath, [...viteRun(file), ...args])`; the module finds `args` at
 * process.argv.slice(2), as it would under `node file`.
 */
export function viteRun(file: string): string[] {
  return [
    '--input-type=module',
    '-e',
    "import { runnerImport } from 'vite'; await runnerImport(process.argv[1], { configFile: false, logLevel: 'error' });",
    file,
  ];
}

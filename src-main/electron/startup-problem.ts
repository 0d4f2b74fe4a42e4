import { msg, renderMessage, type MessageCode } from '../domain/messages';
import { catalogs, type CatalogLanguage } from '../domain/messages/catalogs';
import { shellWord } from './cli-help';
import type { NativeProblem } from './native-sqlite';

/** Why the window cannot show the app. */
export type StartupProblem =
  | { kind: 'native'; native: NativeProblem; packaged: boolean; dbPath: string }
  | { kind: 'database'; dbPath: string; code: string | undefined; message: string };

/** The path the problem page is served at (app-protocol.ts); the IPC sender check never trusts it. */
export const PROBLEM_PAGE_PATH = '/problem.html';

/**
 * A static page (no script) that says, in the user's language, what went wrong and what to
 * run: the rebuild command in a checkout, reinstalling for a packaged app, the restore
 * command for a damaged database. The technical reason follows in English.
 */
export function startupProblemPage(problem: StartupProblem, language: CatalogLanguage): string {
  const t = (code: MessageCode, params?: Record<string, string>) =>
    escapeHtml(renderMessage(msg(code, params), catalogs[language], language));
  let title: string;
  let body: string;
  let command: string | null = null;
  let detail: string;
  if (problem.kind === 'native') {
    title = t('problem.nativeTitle');
    body = problem.packaged
      ? t('problem.nativePackaged', { path: problem.native.path, dbPath: problem.dbPath })
      : t('problem.nativeDev', { path: problem.native.path });
    if (!problem.packaged) command = 'npm run native:electron';
    detail = problem.native.detail;
  } else {
    title = t('problem.databaseTitle');
    body = t('problem.database', { path: problem.dbPath });
    if (problem.code === 'corrupt') command = `cardwise db restore --db ${shellWord(problem.dbPath)}`;
    detail = problem.message;
  }
  const commandBlock =
    command === null
      ? ''
      : `${problem.kind === 'database' ? `<p>${t('problem.restore')}</p>` : ''}<pre><code>${escapeHtml(command)}</code></pre>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif;
    margin: 48px auto; max-width: 720px; padding: 0 24px; color: #1d2330; background: #f5f6f8; }
  h1 { font-size: 22px; color: #c23934; }
  pre { background: #1d2330; color: #e6e9ef; padding: 12px 16px; border-radius: 8px; overflow-x: auto; user-select: all; }
  details { margin-top: 24px; color: #5d6677; } summary { cursor: pointer; }
  @media (prefers-color-scheme: dark) { body { color: #e6e9ef; background: #16191f; } h1 { color: #ff7b72; } }
</style>
</head>
<body>
<h1>${title}</h1>
<p>${body}</p>
${commandBlock}
<details open><summary>${t('problem.details')}</summary><pre><code>${escapeHtml(detail)}</code></pre></details>
<p>${t('problem.close')}</p>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

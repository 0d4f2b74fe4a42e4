import { describe, expect, it } from 'vitest';
import { startupProblemPage, type StartupProblem } from './startup-problem';

const abi = {
  kind: 'unloadable' as const,
  path: '/src/cardwise/out/native/linux-x64/better_sqlite3.node',
  detail:
    'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version requires NODE_MODULE_VERSION 150.',
};
const dev: StartupProblem = {
  kind: 'native',
  native: abi,
  packaged: false,
  dbPath: '/home/u/.config/Cardwise/cardwise.db',
};
const packaged: StartupProblem = { ...dev, packaged: true };
const corrupt: StartupProblem = {
  kind: 'database',
  dbPath: "/home/o'brien/cardwise.db",
  code: 'corrupt',
  message: '/home/u/cardwise.db is damaged (<script>alert(1)</script>)',
};

describe('the startup problem page', () => {
  it('tells a developer what to run when the Electron SQLite build is missing or stale', () => {
    const page = startupProblemPage(dev, 'en');
    expect(page).toContain('Cardwise cannot start its database engine');
    expect(page).toContain('<code>npm run native:electron</code>');
    expect(page).toContain('NODE_MODULE_VERSION 115');
  });

  it('tells a user of the packaged app to reinstall, and where their data is', () => {
    const page = startupProblemPage(packaged, 'en');
    expect(page).toContain('Install Cardwise again');
    expect(page).toContain('/home/u/.config/Cardwise/cardwise.db');
    expect(page).not.toContain('npm run');
  });

  it('speaks Chinese to a Chinese user', () => {
    const page = startupProblemPage(dev, 'zh-CN');
    expect(page).toContain('<html lang="zh-CN">');
    expect(page).toContain('Cardwise 无法启动数据库引擎');
    expect(page).toContain('详细信息（英文）');
    expect(page).not.toContain('cannot start');
  });

  it('names the restore command for a damaged database, and escapes what it quotes', () => {
    const page = startupProblemPage(corrupt, 'en');
    // The path is shell-quoted ('o'\''brien'), then HTML-escaped.
    expect(page).toContain('cardwise db restore --db &#39;/home/o&#39;\\&#39;&#39;brien/cardwise.db&#39;');
    expect(page).toContain('&lt;script&gt;');
    expect(page).not.toContain('<script>');
  });
});

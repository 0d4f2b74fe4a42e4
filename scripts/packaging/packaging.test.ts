import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';

/**
 * The packaging test that runs without Electron: electron-builder packs the real config
 * (electron-builder.yml, its beforePack hook and fuses) around a stand-in Electron folder,
 * and the result is read back: what the asar holds, what is unpacked, which fuses are set.
 * Only the Electron binary and the Electron-ABI SQLite are stand-ins; README says how a
 * machine with internet builds the real thing (`npm run dist`).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const nodeSqlite = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** A fuse's state byte in the binary: ASCII '0' off, '1' on (@electron/fuses' FuseState). */
const FUSE_OFF = '0'.charCodeAt(0);
const FUSE_ON = '1'.charCodeAt(0);
const onLinux = process.platform === 'linux';
if (!onLinux) console.log('packaging test skipped: its stand-in Electron is a Linux one (CI runs it on Linux)');

let work = '';
let appDir = '';
let files: string[] = [];

/** An "Electron" folder with what electron-builder touches: the binary (with a fuse wire), locales, LICENSE. */
function standInElectron(dir: string): void {
  mkdirSync(join(dir, 'locales'), { recursive: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  // A fuse wire as Electron 45 lays it out: sentinel, version 1, length 8, every fuse on ('1').
  writeFileSync(join(dir, 'electron'), `#!/bin/sh\necho stand-in\n# ${SENTINEL}\x01\x0811111111\n`, { mode: 0o755 });
  writeFileSync(join(dir, 'LICENSE'), 'MIT (stand-in)\n');
  for (const locale of ['en-US', 'zh-CN', 'de', 'fr']) writeFileSync(join(dir, 'locales', `${locale}.pak`), '');
}

function ensureBuilt(): void {
  if (existsSync(join(root, 'out/main/main.js')) && existsSync(join(root, 'out/renderer/index.html'))) return;
  const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr}`);
}

/** The text of every JavaScript file of out/main inside the asar, concatenated. */
function mainBundle(archive: string): string {
  return files
    .filter((file) => file.startsWith('/out/main/') && file.endsWith('.js'))
    .map((file) => asar.extractFile(archive, file.slice(1)).toString('utf8'))
    .join('\n');
}

describe.skipIf(!onLinux)('electron-builder --dir with a stand-in Electron', () => {
  beforeAll(() => {
    ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'cardwise-pack-'));
    standInElectron(join(work, 'electron'));
    const packager = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/electron-builder/cli.js'),
        '--dir',
        '--linux',
        '--x64',
        '--publish=never',
        `-c.electronDist=${join(work, 'electron')}`,
        `-c.directories.output=${join(work, 'release')}`,
      ],
      // The Node build of better-sqlite3 stands in for the Electron one (no network here).
      { cwd: root, encoding: 'utf8', env: { ...process.env, CARDWISE_ELECTRON_SQLITE: nodeSqlite, CI: 'true' } },
    );
    if (packager.status !== 0) throw new Error(`electron-builder failed:\n${packager.stdout}\n${packager.stderr}`);
    appDir = join(work, 'release', 'linux-unpacked');
    files = asar.listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false });
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs main, preload and renderer, and the package.json that points at main', () => {
    const archive = join(appDir, 'resources', 'app.asar');
    for (const file of ['/package.json', '/out/main/main.js', '/out/preload/preload.cjs', '/out/renderer/index.html']) {
      expect(files, file).toContain(file);
    }
    expect(files.some((file) => /^\/out\/renderer\/assets\/.+\.js$/.test(file))).toBe(true);
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { main: string };
    expect(files).toContain('/' + pkg.main);
  });

  // Bundled by db/bundled.ts (issue 14 point 1): nothing is read from a checkout at run time. The published runs
  // ship as a file of the build instead, with their hash in the bundle (the next test).
  it('carries the migrations and the seed data inside the built main, not as files of the checkout', () => {
    const bundle = mainBundle(join(appDir, 'resources', 'app.asar'));
    /** The file's whole text as a string literal of the bundle (a `?raw` import). */
    const carriesText = (file: string) => bundle.includes(JSON.stringify(readFileSync(file, 'utf8')).slice(1, -1));
    const migrations = readdirSync(join(root, 'src-main/db/migrations')).filter((name) => name.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(0);
    // Whole texts: a migration's checksum is of its text.
    for (const name of migrations) expect(carriesText(join(root, 'src-main/db/migrations', name)), name).toBe(true);
    // A seed file as its text, or as the values only it holds (a card's source, an offer's id…) if the build parses it.
    const seeds: [string, string][] = [
      ['cards.json', 'source'],
      ['offers.json', 'id'],
      ['models.json', 'name'],
    ];
    for (const [file, key] of seeds) {
      const path = join(root, 'data', file);
      const rows = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>[];
      expect(rows.length, file).toBeGreaterThan(0);
      const parsed = rows.every((row) => bundle.includes(JSON.stringify(row[key])));
      expect(carriesText(path) || parsed, file).toBe(true);
    }
    expect(files.some((file) => file.startsWith('/src-main/') || file.startsWith('/data/'))).toBe(false);
  });

  it("ships the published runs as the build's own copy of the file, with its sha256 in the built main", () => {
    const archive = join(appDir, 'resources', 'app.asar');
    const text = readFileSync(join(root, 'data', 'reference-runs.json'), 'utf8');
    expect(asar.extractFile(archive, 'out/main/data/reference-runs.json').toString('utf8')).toBe(text);
    expect(mainBundle(archive)).toContain(createHash('sha256').update(text).digest('hex'));
  });

  it('unpacks the Electron-ABI better_sqlite3.node next to the asar, and leaves the Node build out', () => {
    expect(files).toContain('/native/better_sqlite3.node');
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'native', 'better_sqlite3.node');
    expect(readFileSync(unpacked).equals(readFileSync(nodeSqlite))).toBe(true);
    expect(files.filter((file) => file.endsWith('.node'))).toEqual(['/native/better_sqlite3.node']);
    expect(files).toContain('/node_modules/better-sqlite3/lib/index.js');
    expect(files.some((file) => file.startsWith('/node_modules/better-sqlite3/deps'))).toBe(false);
  });

  it('ships no TypeScript', () => {
    expect(files.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
  });

  // The CLI is built JavaScript (out/main/cli.js); tsx is a devDependency only.
  it('ships no TypeScript runner', () => {
    expect(files.some((file) => file.startsWith('/node_modules/tsx/'))).toBe(false);
  });

  // zod, commander and yaml are in the main bundle (electron.vite.config.ts); the bundle imports none of them.
  it('ships the libraries the main bundle holds only inside it', () => {
    for (const name of ['zod', 'commander', 'yaml'])
      expect(
        files.some((file) => file.startsWith(`/node_modules/${name}/`)),
        name,
      ).toBe(false);
    expect(mainBundle(join(appDir, 'resources', 'app.asar'))).not.toMatch(
      /^\s*import\b[^\n]*["'](zod|commander|yaml)["']/m,
    );
  });

  it('sets the fuses: no RunAsNode, NODE_OPTIONS or --inspect; asar integrity and asar-only loading on', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'cardwise'));
    const state = (option: FuseV1Options) => (wire as unknown as Record<number, number>)[option];
    expect(state(FuseV1Options.RunAsNode)).toBe(FUSE_OFF);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FUSE_OFF);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FUSE_OFF);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FUSE_OFF);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FUSE_ON);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FUSE_ON);
  });

  it('ships the cardwise command launchers, the window icon, and only the English and Chinese locales', () => {
    expect(
      readFileSync(join(appDir, 'resources', 'icon.png')).equals(readFileSync(join(root, 'build/icons/512x512.png'))),
    ).toBe(true);
    const launcher = join(appDir, 'resources', 'bin', 'cardwise');
    expect(statSync(launcher).mode & 0o111).not.toBe(0);
    expect(readFileSync(launcher, 'utf8')).toContain('--cli');
    expect(readFileSync(join(appDir, 'resources', 'bin', 'cardwise.cmd'), 'utf8')).toContain('--cli');
    expect(readdirSync(join(appDir, 'locales')).sort()).toEqual(['en-US.pak', 'zh-CN.pak']);
  });
});

describe('icons', () => {
  const build = join(root, 'build');
  it('has every Linux size as a PNG of that size, and an ICNS and an ICO', () => {
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = readFileSync(join(build, 'icons', `${size}x${size}.png`));
      // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit ints at 16 and 20.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect(readFileSync(join(build, 'icon.icns')).subarray(0, 4).toString('latin1')).toBe('icns');
    expect(readFileSync(join(build, 'icon.ico')).subarray(0, 4).toString('hex')).toBe('00000100');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Who has a database open: each Cardwise process that opens the file (the desktop app, a
 * `cardwise serve`, any command) leaves a small note in `<file>.holders/` and removes it when it
 * closes. The notes only say who; the proof that nobody has the file open is SQLite's own lock
 * (see restore.ts). A note left by a process that died is ignored (its pid is gone) and removed.
 */

export type HolderKind = 'desktop' | 'server' | 'cli';

/** One process that has the database open. */
export interface Holder {
  pid: number;
  kind: HolderKind;
  /** ISO time it opened the file. */
  since: string;
  host: string;
  /** For a server, its address (never its token). */
  url?: string;
}

/** The folder the notes of `dbFile` live in. */
export function holdersDir(dbFile: string): string {
  return `${path.resolve(dbFile)}.holders`;
}

/** A registered holder: update what it says, release it on close. */
export interface HolderRegistration {
  update(change: Partial<Pick<Holder, 'kind' | 'url'>>): void;
  release(): void;
}

/**
 * Says that this process has `dbFile` open. Best effort: a folder that cannot be written (a
 * read-only medium) loses only the "who" in a refusal, never the refusal itself.
 */
export function registerHolder(dbFile: string, kind: HolderKind, now = new Date()): HolderRegistration {
  if (dbFile === ':memory:') return { update: () => {}, release: () => {} };
  const dir = holdersDir(dbFile);
  const note = path.join(dir, `${process.pid}-${Math.random().toString(36).slice(2, 10)}.json`);
  let holder: Holder = { pid: process.pid, kind, since: now.toISOString(), host: os.hostname() };
  const write = () => {
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(note, JSON.stringify(holder));
    } catch {
      // Best effort, see above.
    }
  };
  write();
  return {
    update(change) {
      holder = { ...holder, ...change };
      write();
    },
    release() {
      fs.rmSync(note, { force: true });
      try {
        fs.rmdirSync(dir);
      } catch {
        // Another holder's note is still there.
      }
    },
  };
}

/** Whether a process with that id runs on this machine (EPERM: it runs as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The other processes that say they have `dbFile` open (this process excluded); stale notes are removed. */
export function liveHolders(dbFile: string): Holder[] {
  const dir = holdersDir(dbFile);
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const holders: Holder[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    let holder: Holder;
    try {
      holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
    } catch {
      continue;
    }
    if (holder.pid === process.pid) continue;
    // A note from another machine (a shared folder) cannot be checked: it counts.
    if (holder.host === os.hostname() && !isAlive(holder.pid)) fs.rmSync(file, { force: true });
    else holders.push(holder);
  }
  return holders;
}

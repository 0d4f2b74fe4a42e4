import type { MessageCode } from '../domain/messages';

/** One step of "how to run Cardwise in a terminal": a sentence (a message code) and what to type. */
export interface CliStep {
  say: MessageCode;
  command: string;
}

const EXAMPLE = 'estimate --model llama-2-13b --method qlora';

/**
 * What Help › Command-Line Tool shows for this install: the launcher in `resources/bin`
 * (build/cli), how to put it on PATH once, and a first command. The .deb links
 * /usr/bin/cardwise itself; an AppImage is run with `--cli`; a checkout uses `npx cardwise`.
 */
export function cliSteps(install: {
  packaged: boolean;
  platform: NodeJS.Platform;
  resourcesPath: string;
  /** $APPIMAGE: the AppImage file this app runs from, if it does. */
  appImage?: string;
  /** Whether `cardwise` is already on PATH (/usr/bin/cardwise, from the .deb). */
  onPath: boolean;
}): CliStep[] {
  if (!install.packaged) return [{ say: 'cli.checkout', command: `npx cardwise ${EXAMPLE}` }];
  if (install.platform === 'linux' && install.appImage) {
    return [{ say: 'cli.appImage', command: `${shellWord(install.appImage)} --cli ${EXAMPLE}` }];
  }
  const run: CliStep = { say: 'cli.onPath', command: `cardwise ${EXAMPLE}` };
  if (install.onPath) return [run];
  if (install.platform === 'win32') return [{ say: 'cli.windowsPath', command: `${install.resourcesPath}\\bin` }, run];
  const launcher = shellWord(`${install.resourcesPath}/bin/cardwise`);
  const link =
    install.platform === 'darwin'
      ? `sudo ln -sf ${launcher} /usr/local/bin/cardwise`
      : `mkdir -p ~/.local/bin && ln -sf ${launcher} ~/.local/bin/cardwise`;
  return [{ say: 'cli.link', command: link }, run];
}

/** A path as one shell word: as it is when it is plain, else in single quotes (POSIX). */
export function shellWord(path: string): string {
  return /^[\w./:\\-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

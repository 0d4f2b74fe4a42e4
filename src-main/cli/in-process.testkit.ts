import type { CliResult } from './cli-test-support.testkit';
import { main } from './main';

/**
 * Test support: `cardwise --db DB …args` through `main` in this process, its output caught (the
 * database first, so nothing lands after a `--`). Hundreds of command lines cost seconds; the
 * real launcher in a child process is `runCli` (cli-test-support.testkit.ts).
 */
export async function runInProcess(db: string, args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const status = await main(['--db', db, ...args], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdoutIsTty: false,
  });
  return { status, stdout, stderr };
}

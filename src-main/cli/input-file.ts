import { readFile } from 'node:fs/promises';
import { UsageError } from './report-error';

/** Reads and parses the JSON named by `--input` ("-" reads stdin). Errors name the flag. */
export async function readJsonInput(flag: string, file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(flag, `cannot read ${file}${code ? ` (${code})` : ''}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(flag, `${file} is not valid JSON: ${(error as Error).message}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Messages that mean the run died for lack of GPU memory (PyTorch, cuBLAS). */
const OOM_PATTERNS = [/CUDA out of memory/i, /OutOfMemoryError/, /CUBLAS_STATUS_ALLOC_FAILED/];

/** What the scanned output showed. */
export interface OutputFindings {
  sawOom: boolean;
  /** Every tokens/s value matched by the user's pattern (its first capture group). */
  tokensPerSecond: number[];
}

/**
 * Scans a command's output line by line as it streams (chunks may split lines; "\r" progress bars
 * count as line ends). Looks for OOM messages and, given a pattern, for tokens/s values.
 */
export class OutputScanner {
  private readonly pending = new Map<string, string>();
  private readonly pattern: RegExp | null;
  readonly findings: OutputFindings = { sawOom: false, tokensPerSecond: [] };

  constructor(tokensPerSecondPattern?: RegExp | string) {
    if (tokensPerSecondPattern === undefined) this.pattern = null;
    else {
      const source =
        typeof tokensPerSecondPattern === 'string' ? tokensPerSecondPattern : tokensPerSecondPattern.source;
      const flags = typeof tokensPerSecondPattern === 'string' ? '' : tokensPerSecondPattern.flags.replace('g', '');
      this.pattern = new RegExp(source, `${flags}g`);
    }
  }

  /** Feeds a chunk of one stream ("stdout", "stderr"). */
  push(stream: string, chunk: string): void {
    const text = (this.pending.get(stream) ?? '') + chunk;
    const lines = text.split(/\r\n|\r|\n/);
    this.pending.set(stream, lines.pop() ?? '');
    for (const line of lines) this.scanLine(line);
  }

  /** Scans whatever is left after the last line end of every stream. */
  end(): OutputFindings {
    for (const rest of this.pending.values()) if (rest !== '') this.scanLine(rest);
    this.pending.clear();
    return this.findings;
  }

  private scanLine(line: string): void {
    if (!this.findings.sawOom && OOM_PATTERNS.some((p) => p.test(line))) this.findings.sawOom = true;
    if (!this.pattern) return;
    for (const match of line.matchAll(this.pattern)) {
      const value = Number((match[1] ?? '').replace(/,/g, ''));
      if (match[1] !== undefined && Number.isFinite(value) && value > 0) this.findings.tokensPerSecond.push(value);
    }
  }
}

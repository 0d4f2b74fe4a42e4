/** How a column lines up: text to the left, numbers to the right. */
export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

/**
 * Plain-text table with aligned columns, a header and a dashed rule, no trailing
 * spaces. Widths count East Asian wide characters (provider names such as 恒源云) as two
 * cells, as terminals draw them.
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], indent = ''): string {
  const widths = columns.map((column, index) =>
    Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[index] ?? ''))),
  );
  const line = (cells: readonly string[]): string =>
    (
      indent +
      columns.map((column, index) => pad(cells[index] ?? '', widths[index]!, column.align ?? 'left')).join('  ')
    ).trimEnd();
  const rule = indent + widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map(line)].join('\n');
}

function pad(text: string, width: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Terminal cells a string takes: CJK ideographs, kana, Hangul and full-width forms take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Unicode East Asian Width "W"/"F" ranges that occur in provider and model names (UAX #11).
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/**
 * nvidia-smi GPU names → catalog card ids. Checked in order, so the more specific pattern (A100 PCIe,
 * A100 40GB) comes before the general A100 SXM 80GB one.
 */
const NAME_PATTERNS: Array<[RegExp, string]> = [
  [/\brtx\s*3090\b(?!\s*ti)/i, 'rtx-3090'],
  [/\brtx\s*4090\b(?!\s*d)/i, 'rtx-4090'],
  [/\brtx\s*5090\b(?!\s*d)/i, 'rtx-5090'],
  [/\ba100\b.*\b40\s*gb\b/i, 'a100-40gb'],
  [/\ba100\b.*\b80\s*gb\b.*\bpcie\b|\ba100\b.*\bpcie\b.*\b80\s*gb\b/i, 'a100-80gb-pcie'],
  [/\ba100\b.*\b80\s*gb\b/i, 'a100-80gb'],
  [/\ba800\b.*\b80\s*gb\b/i, 'a800-80gb'],
  [/\bh20\b/i, 'h20-96gb'],
];

/**
 * The catalog card id for a GPU name as nvidia-smi prints it ("NVIDIA A100-SXM4-80GB" → "a100-80gb"),
 * or null when the card is not in the built-in catalog (the run record keeps the raw name).
 */
export function cardIdFromGpuName(name: string): string | null {
  const normalized = name.replace(/[-_]/g, ' ');
  for (const [pattern, id] of NAME_PATTERNS) if (pattern.test(normalized)) return id;
  return null;
}

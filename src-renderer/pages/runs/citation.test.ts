import { describe, expect, it } from 'vitest';
import { citationUrl } from './citation';

describe('citationUrl', () => {
  it('finds the address in a citation', () => {
    expect(citationUrl('optimum README (GPTQ) — https://github.com/huggingface/optimum/blob/x/README.md')).toBe(
      'https://github.com/huggingface/optimum/blob/x/README.md',
    );
    expect(citationUrl('see https://example.org/a.')).toBe('https://example.org/a');
    expect(citationUrl('Dettmers et al. 2023, table 2')).toBeNull();
    expect(citationUrl('javascript:alert(1)')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { columnMap, toColumn } from './row-mapping';

describe('toColumn', () => {
  it('keeps unit suffixes as one word', () => {
    expect(
      ['memoryGiB', 'bandwidthGBps', 'nvlinkGBps', 'bf16Tflops', 'int8Tops', 'tdpW', 'cardId', 'expertsPerToken'].map(
        toColumn,
      ),
    ).toEqual([
      'memory_gib',
      'bandwidth_gbps',
      'nvlink_gbps',
      'bf16_tflops',
      'int8_tops',
      'tdp_w',
      'card_id',
      'experts_per_token',
    ]);
  });

  it('maps booleans to 0/1 and back', () => {
    const map = columnMap(['tiedEmbeddings', 'layers'], ['tiedEmbeddings']);
    expect(map.toRow({ tiedEmbeddings: true, layers: 2 })).toEqual({ tied_embeddings: 1, layers: 2 });
    expect(map.fromRow({ tied_embeddings: 0, layers: 2 })).toEqual({ tiedEmbeddings: false, layers: 2 });
  });
});

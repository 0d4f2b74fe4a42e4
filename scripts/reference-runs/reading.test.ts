import { describe, expect, it } from 'vitest';
import { Reading, cardOf, loraTargetsOf, meterOf, peakBytes } from './reading';
import type { MeasurementRecord } from './record';

/** A record as public.json holds it, with only the fields a test sets. */
function record(fields: Partial<MeasurementRecord>): MeasurementRecord {
  return {
    id: 'test-row',
    source: 'test',
    source_url: 'https://example.org/x',
    source_repo: 'o/r',
    source_path: 'README.md',
    source_commit: '0'.repeat(40),
    kind: 'measured',
    observation: 'peak_memory',
    model_name: 'm',
    params_b: null,
    architecture: null,
    task: 'lora',
    framework: 'f',
    precision: 'bf16',
    compute_dtype: null,
    optimizer: null,
    batch_size: 1,
    seq_len: 512,
    seq_len_note: null,
    gradient_checkpointing: null,
    lora_rank: null,
    lora_targets: null,
    num_gpus: 1,
    gpu_type: 'RTX 4090',
    parallelism: null,
    peak_memory_reported: null,
    peak_memory_value: null,
    memory_unit: null,
    memory_metric: null,
    memory_scope: null,
    peak_memory_gib: null,
    throughput_reported: null,
    throughput_value: null,
    throughput_unit: null,
    throughput_definition: null,
    oom: null,
    notes: null,
    trust: 'high',
    core: false,
    ...fields,
  };
}

describe('reading a published measurement', () => {
  it('converts GB, GiB and MiB exactly and refuses a unit the source left ambiguous', () => {
    expect(peakBytes(new Reading(record({ peak_memory_value: 9.29, memory_unit: 'GB' })))).toBe(9_290_000_000);
    expect(peakBytes(new Reading(record({ peak_memory_value: 18.9, memory_unit: 'GiB' })))).toBe(20_293_720_474);
    expect(peakBytes(new Reading(record({ peak_memory_value: 1024, memory_unit: 'MiB' })))).toBe(2 ** 30);
    const vague = new Reading(record({ peak_memory_value: 47.14, memory_unit: 'GB? (not stated)' }));
    expect(peakBytes(vague)).toBeNull();
    expect(vague.clauses.join()).toMatch(/ambiguous -> peakMemoryBytes null/);
  });

  it('reads the meter from the source text, saying so where the source only implies it', () => {
    const meter = (text: string) => meterOf(new Reading(record({ memory_metric: text })));
    expect(meter('torch.cuda.max_memory_allocated()/1e9')).toBe('torch-allocated');
    expect(meter('peak memory active (torch.cuda.memory_stats active_bytes.all.peak)')).toBe('torch-active');
    expect(meter('torch.cuda.max_memory_reserved')).toBe('torch-reserved');
    expect(meter('peak nvidia-smi memory.used polled during the run')).toBe('nvidia-smi');
    expect(meter('not stated')).toBe('unknown');
    const likely = new Reading(record({ memory_metric: 'likely torch.cuda.max_memory_reserved (README note)' }));
    expect(meterOf(likely)).toBe('torch-reserved');
    expect(likely.clauses).toContain('meter "likely reserved" per the source -> torch-reserved');
  });

  it('maps module names to LoRA targets and names the LM head it cannot express', () => {
    const r = new Reading(record({}));
    expect(loraTargetsOf(r, ['q_proj', 'v_proj'])).toEqual(['q', 'v']);
    expect(loraTargetsOf(r, ['q_proj', 'k_proj', 'v_proj', 'output_proj', 'mlp'])).toBe('all-linear');
    expect(r.notExpressible).toEqual([]);
    expect(loraTargetsOf(r, ['q', 'k', 'v', 'proj', 'mlp', 'head'])).toBe('all-linear');
    expect(r.notExpressible).toEqual(['LoRA on the LM head']);
  });

  it('refuses a GPU name no card stands for rather than guessing one', () => {
    const ctx = { shapes: [], cardIds: new Set(['rtx-4090']) };
    expect(cardOf(new Reading(record({ gpu_type: 'RTX 4090' })), ctx)).toBe('rtx-4090');
    expect(() => cardOf(new Reading(record({ gpu_type: 'Quadro X' })), ctx)).toThrow(/no card mapping/);
  });
});

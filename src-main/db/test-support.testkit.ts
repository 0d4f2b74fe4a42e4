/* Shared by the store tests: real files in a fresh temp folder, no mocks. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Card, ModelPreset, Offer } from '../domain/catalog';
import type { DataFiles } from './assets';
import { bundledAssets } from './bundled';
import { migrationsFrom, type Migration } from './migrate';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder, removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-db-'));
  made.push(dir);
  return dir;
}

/** A migrations folder holding the real migrations plus `extra` ones (version → SQL). */
export function migrationsWith(extra: Record<number, string>): string {
  const dir = path.join(tempDir(), 'migrations');
  fs.mkdirSync(dir);
  for (const [name, sql] of Object.entries(bundledAssets.migrations)) fs.writeFileSync(path.join(dir, name), sql);
  for (const [version, sql] of Object.entries(extra)) {
    fs.writeFileSync(path.join(dir, `${String(version).padStart(3, '0')}_extra_${version}.sql`), sql);
  }
  return dir;
}

export const rtx4090: Card = {
  id: 'rtx-4090',
  name: 'GeForce RTX 4090',
  vendor: 'NVIDIA',
  memoryGiB: 24,
  bandwidthGBps: 1008,
  bf16Tflops: 165.2,
  fp8Tflops: 330.3,
  int8Tops: 660.6,
  fp32Tflops: 82.6,
  tdpW: 450,
  interconnect: { nvlinkGBps: null, pcieGen: 4 },
  architecture: 'Ada Lovelace',
  launchYear: 2022,
  source: 'NVIDIA Ada Lovelace architecture whitepaper v2.1, table 2',
};

export const a100: Card = {
  ...rtx4090,
  id: 'a100-80gb-sxm',
  name: 'A100 80GB SXM',
  memoryGiB: 80,
  bandwidthGBps: 2039,
  bf16Tflops: 312,
  fp8Tflops: null,
  int8Tops: 624,
  fp32Tflops: 19.5,
  tdpW: 400,
  interconnect: { nvlinkGBps: 600, pcieGen: 4 },
  architecture: 'Ampere',
  launchYear: 2020,
  source: 'NVIDIA A100 datasheet',
};

export const offer4090: Offer = {
  id: 'example-4090-hourly',
  cardId: 'rtx-4090',
  provider: 'ExampleCloud',
  region: 'cn-east',
  billing: 'hourly',
  price: 1.98,
  currency: 'CNY',
  gpusPerPrice: 1,
  granularity: 'second',
  observedAt: '2025-11-01',
  source: 'example price',
};

export const offerA100: Offer = { ...offer4090, id: 'example-a100-hourly', cardId: 'a100-80gb-sxm', price: 6.68 };

export const qwen7b: ModelPreset = {
  id: 'qwen2.5-7b',
  name: 'Qwen2.5-7B',
  family: 'Qwen2.5',
  params: 7.62e9,
  activeParams: 7.62e9,
  layers: 28,
  hidden: 3584,
  heads: 28,
  kvHeads: 4,
  headDim: 128,
  intermediate: 18944,
  vocab: 152064,
  tiedEmbeddings: false,
  gatedMlp: true,
  experts: 1,
  expertsPerToken: 1,
  maxContext: 32768,
  source: 'huggingface.co/Qwen/Qwen2.5-7B config.json',
};

/** Writes cards/offers/models.json into a fresh (or the given) folder and returns it. */
export function writeSeed(data: { cards?: unknown[]; offers?: unknown[]; models?: unknown[] } = {}): DataFiles {
  return {
    'cards.json': JSON.stringify(data.cards ?? [rtx4090, a100], null, 2),
    'offers.json': JSON.stringify(data.offers ?? [offer4090, offerA100], null, 2),
    'models.json': JSON.stringify(data.models ?? [qwen7b], null, 2),
  };
}

/** The migrations in a folder, as openDb takes them (a test edits files there to play an upgrade). */
export function readMigrations(dir: string): Migration[] {
  const files = Object.fromEntries(
    fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
  );
  return migrationsFrom(files, `the migrations in ${dir}`);
}

/**
 * Cardwise's memory estimator against the public calculators on published measured runs.
 * Run: npx tsx scripts/peer-baselines/compare.ts
 */
import { compareAll } from './comparison';
import { loadData } from './load-data';
import { formatReport } from './report';

const { runs, cards } = loadData();
console.log(formatReport(runs, compareAll(runs, cards)));

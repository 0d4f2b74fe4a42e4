/** The billing planner ("How should I pay?"): job plans under every billing, cost curves, rent or buy. */
export { planJob, planParsedJob, parsePlanInput } from './job-plan';
export { planInputSchema, spotSettingsSchema, extrasSchema, type PlanInput, type PlanInputRaw } from './input';
export {
  jobPlanSchema,
  planOptionSchema,
  planLineSchema,
  type JobPlan,
  type PlanOption,
  type PlanLine,
} from './output';
export { costVsJobLength, type CostSeries, type Crossing, type CostVsJobLength } from './cost-series';
export {
  ownershipInputSchema,
  planOwnership,
  parseOwnershipInput,
  costPerUsedCardHour,
  monthlyPowerCost,
  type OwnershipInput,
  type OwnershipInputRaw,
  type OwnershipPlan,
} from './ownership';
export { recommendedCheckpointHours, spotOutcome, type SpotOutcome, type SpotParameters } from './spot';
export { DEFAULT_INTERRUPTIONS_PER_HOUR, INTERRUPTION_RATE_SOURCE, HOURS_PER_MONTH } from './defaults';

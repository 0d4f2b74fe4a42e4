/** The billing planner ("How should I pay?"): job plans under every billing, cost curves, rent or buy. */
export { planJob } from './job-plan';
export { costVsJobLength } from './cost-series';
export { planOwnership } from './ownership';
export { planForCard, planRequestSchema, type CardPlan, type PlanRequest } from './card-plan';

export { DEFAULT_DELIVERY, Deliverer } from './deliverer';
export type { ReportProblem, DeliveryOptions } from './deliverer';
export type { LeadCreatedPayload } from './payload';

export { DEFAULT_DELIVERY, Deliverer } from './deliverer';
export type { DeliveryLog, DeliveryOptions } from './deliverer';
export type { LeadCreatedPayload } from './payload';

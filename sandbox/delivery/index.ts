export { DEFAULT_DELIVERY, Deliverer } from './deliverer';
export type { Complain, DeliveryOptions } from './deliverer';
export type { LeadCreatedPayload } from './payload';

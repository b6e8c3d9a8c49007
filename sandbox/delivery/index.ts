export { DEFAULT_DELIVERY, Deliverer } from './deliverer';
export type { Complain, DeliveryOptions } from './deliverer';
export { payloadFor } from './payload';
export type { LeadCreatedPayload } from './payload';

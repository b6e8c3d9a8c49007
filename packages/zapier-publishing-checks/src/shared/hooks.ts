/** REST hook triggers: what D006, D016 and D017 read. */
import type { Step } from './definition';

/** A hook trigger Zapier cannot subscribe: it lacks performSubscribe or performUnsubscribe. */
export const isStaticWebhook = (step: Step) =>
  step.definition.operation?.performSubscribe === undefined ||
  step.definition.operation.performUnsubscribe === undefined;

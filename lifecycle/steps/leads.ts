/**
 * A lead's way into the Zap: submitted on a page, delivered to the hook
 * receiver, turned into an item by perform; its redelivery recognised, and a
 * lead from another page kept out.
 */
import type { Sandbox } from '../../sandbox/server';
import type { StoredLead } from '../../sandbox/store';
import type { Lead } from '../../src/leads/fields';
import { leadFieldLines } from '../../harness/zapier/field-lines';
import type { ReceivedRequest, HookReceiver } from '../../harness/hook-receiver';
import { deliveryAnswers, submitLead } from '../../harness/sandbox-client';
import type { StepOutcome } from '../transcript';
import type { LandingPage, LiveZap } from '../../harness/zapier/live-zap';

const DELIVERY_TIMEOUT_MS = 10_000;

/** What Grace types into the form of the Zap's page. */
const GRACES_LEAD = {
  email: 'grace.hopper@example.org',
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 202 555 0143',
  fields: { company: 'Harvard Computation Lab', message: 'Count me in for the beta.' },
  utm: { source: 'newsletter', medium: 'email', campaign: 'spring-launch' },
  consent: true,
};

export async function submitOnZapPage(
  sandbox: Sandbox,
  zap: LiveZap,
): Promise<StepOutcome<StoredLead>> {
  const { lead } = await submitLead(sandbox, { page_id: zap.page.id, ...GRACES_LEAD });
  return {
    value: lead,
    line: `Lead ${lead.id} submitted on the page "${zap.page.name}"`,
  };
}

export async function awaitDelivery(
  hooks: HookReceiver,
): Promise<StepOutcome<ReceivedRequest>> {
  const request = await hooks.next(DELIVERY_TIMEOUT_MS);
  return {
    value: request,
    line:
      `Delivered to the hook receiver: ${request.method} ${request.headers['content-type'] ?? ''}, ` +
      `${request.body.length} bytes; the receiver answered ${request.answeredWith}`,
  };
}

/** perform gives exactly the submitted lead; the lines show it as the Zap editor does. */
export async function performOnDelivery(
  zap: LiveZap,
  delivery: ReceivedRequest,
  submitted: StoredLead,
  labels: ReadonlyMap<string, string>,
): Promise<StepOutcome<Lead>> {
  const { items } = await zap.perform(delivery);
  const [lead] = items;
  if (items.length !== 1 || lead?.id !== submitted.id) {
    throw new Error(
      `expected lead ${submitted.id}, got ${JSON.stringify(items.map((item) => item.id))}`,
    );
  }
  return {
    value: lead,
    line:
      `perform (Zap ${zap.id}, webhook ${zap.subscription.id}, Page "${zap.page.name}") ` +
      `turned the delivery into 1 lead (${lead.id}); Zapier shows:`,
    details: leadFieldLines(lead, labels),
  };
}

/** The sandbox sends the delivery again (its first attempt got 503): perform gives nothing. */
export async function recogniseRedelivery(
  zap: LiveZap,
  hooks: HookReceiver,
  delivery: ReceivedRequest,
  submitted: StoredLead,
  sandbox: Sandbox,
): Promise<StepOutcome<undefined>> {
  const retry = await hooks.next(DELIVERY_TIMEOUT_MS);
  if (retry.headers['x-sandbox-delivery'] !== delivery.headers['x-sandbox-delivery']) {
    throw new Error('the second request was not a retry of the same delivery');
  }
  const { items, logged } = await zap.perform(retry);
  if (items.length !== 0) {
    throw new Error(`the Zap would run again: perform gave ${items.length} item(s)`);
  }
  const said = `New Lead skipped lead ${submitted.id}: this Zap already received it`;
  if (!logged.some((line) => line.startsWith(said))) {
    throw new Error('perform did not log why it skipped the lead');
  }
  const answers = await deliveryAnswers(sandbox, submitted.id, 2);
  return {
    value: undefined,
    line:
      `The sandbox retried (answers: ${answers.join(', ')}); perform recognised the redelivery and ` +
      `returned no item: the Zap ran once for lead ${submitted.id}`,
  };
}

export async function keepOutOtherPage(
  zap: LiveZap,
  hooks: HookReceiver,
  sandbox: Sandbox,
  otherPage: LandingPage,
): Promise<StepOutcome<undefined>> {
  await submitLead(sandbox, { page_id: otherPage.id, email: 'alan.turing@example.org' });
  const { items } = await zap.perform(await hooks.next(DELIVERY_TIMEOUT_MS));
  if (items.length !== 0) {
    throw new Error(
      `perform let through ${items.length} lead(s) from "${otherPage.name}"`,
    );
  }
  return {
    value: undefined,
    line: `A lead from "${otherPage.name}" was delivered; perform kept it out (the Zap's Page is "${zap.page.name}")`,
  };
}

/** Turning the Zap on and off: New Lead's webhook, as the sandbox holds it. */
import type { Sandbox } from '../../sandbox/server';
import { listed } from '../../harness/sandbox-client';
import type { StepOutcome } from '../transcript';
import type { ZapierAuth } from '../../harness/zapier/auth';
import type { BuiltApp, Subscription } from '../../harness/zapier/built-app';

export async function subscribe(
  app: BuiltApp,
  auth: ZapierAuth,
  sandbox: Sandbox,
  hookUrl: string,
): Promise<StepOutcome<Subscription>> {
  const subscription = await auth.withRefresh((authData) =>
    app.subscribe(authData, hookUrl),
  );
  const held = (await listed(sandbox, 'webhooks')).find(
    (webhook) => webhook.id === subscription.id,
  );
  if (held?.url !== hookUrl) {
    throw new Error(`the sandbox holds no webhook ${subscription.id} for the hook URL`);
  }
  return {
    value: subscription,
    line: `Zap turned on: webhook ${subscription.id} sends lead.created to the hook receiver`,
  };
}

export async function unsubscribe(
  app: BuiltApp,
  auth: ZapierAuth,
  subscription: Subscription,
): Promise<StepOutcome<undefined>> {
  await auth.withRefresh((authData) => app.unsubscribe(authData, subscription));
  return { value: undefined, line: `Zap turned off: webhook ${subscription.id} deleted` };
}

export async function checkWebhookGone(
  sandbox: Sandbox,
  subscription: Subscription,
): Promise<StepOutcome<undefined>> {
  const left = await listed(sandbox, 'webhooks');
  if (left.some((webhook) => webhook.id === subscription.id)) {
    throw new Error(`the sandbox still holds webhook ${subscription.id}`);
  }
  return {
    value: undefined,
    line: `The sandbox no longer holds webhook ${subscription.id} (${left.length} webhook(s) left)`,
  };
}

/**
 * What the lifecycle asks the sandbox over HTTP, as a person or a client
 * would: submit a lead, list webhooks and delivery attempts, present a
 * refresh token. Never reads the sandbox's store.
 */
import type { Sandbox } from '../sandbox/server';

export interface SubmittedLead {
  id: string;
}

export interface Webhook {
  id: string;
  url: string;
}

interface DeliveryAttempt {
  statusCode: number | null;
}

async function json<T>(response: Response, expectedStatus: number): Promise<T> {
  if (response.status !== expectedStatus) {
    throw new Error(`the sandbox answered HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

export async function submitLead(
  sandbox: Sandbox,
  lead: Record<string, unknown>,
): Promise<SubmittedLead> {
  const response = await fetch(`${sandbox.appUrl}/_sandbox/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lead),
  });
  return (await json<{ lead: SubmittedLead }>(response, 201)).lead;
}

export async function webhooks(sandbox: Sandbox): Promise<Webhook[]> {
  return json<Webhook[]>(await fetch(`${sandbox.appUrl}/_sandbox/webhooks`), 200);
}

/**
 * The answer each delivery attempt of a lead got, in order, once at least
 * `count` attempts are recorded (the sandbox records one when its answer is in).
 */
export async function deliveryAnswers(
  sandbox: Sandbox,
  leadId: string,
  count: number,
  timeoutMs = 5000,
): Promise<(number | null)[]> {
  const query = new URLSearchParams({ lead_id: leadId });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempts = await json<DeliveryAttempt[]>(
      await fetch(`${sandbox.appUrl}/_sandbox/deliveries?${query.toString()}`),
      200,
    );
    if (attempts.length >= count) {
      return attempts.map((attempt) => attempt.statusCode);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the sandbox recorded ${attempts.length} delivery attempt(s) of lead ${leadId}, not ${count}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Presents a refresh token at the token endpoint; the HTTP status it got. */
export async function presentRefreshToken(
  sandbox: Sandbox,
  refreshToken: string,
  pkce: boolean,
): Promise<number> {
  const response = await fetch(`${sandbox.appUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: sandbox.client.id,
      ...(pkce ? {} : { client_secret: sandbox.client.secret }),
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * Delivers each new lead as `lead.created` to every webhook of its project.
 * Network errors and 5xx answers are retried with bounded exponential
 * backoff; a 410 from the receiver deletes the webhook (as Zapier asks of
 * REST hook senders); every attempt is recorded.
 */
import { randomId } from './store';
import type { DeliveryOutcome, Lead, Project, Store, Webhook } from './store';

export interface DeliveryOptions {
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** Longest wait between two attempts. */
  maxDelayMs: number;
  /** How long one attempt may take. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 5_000,
};

/** The sandbox's delivery payload (the spec does not show one; see the README). */
export interface LeadCreatedPayload {
  event: 'lead.created';
  id: string;
  created_at: string;
  project: { id: string; name: string };
  data: Record<string, unknown>;
}

export function payloadFor(
  lead: Lead,
  project: Project,
  deliveryId: string,
): LeadCreatedPayload {
  return {
    event: 'lead.created',
    id: deliveryId,
    created_at: lead.createdAt,
    project: { id: project.id, name: project.name },
    // The lead's id and time are the sandbox's: a submitted field of that name does not win.
    data: Object.assign({ id: lead.id }, lead.data, {
      id: lead.id,
      createdAt: lead.createdAt,
    }),
  };
}

export class Deliverer {
  private readonly pending = new Set<Promise<void>>();
  /** Waits between attempts; closing ends them at once. */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY,
  ) {}

  /** Starts a delivery to every webhook of the lead's project; returns their ids. */
  deliver(lead: Lead, project: Project): string[] {
    return this.store
      .webhooks(project.id)
      .filter((webhook) => webhook.triggers.includes('lead.created'))
      .map((webhook) => {
        const deliveryId = randomId('dlv');
        const run = this.run(
          webhook,
          lead,
          payloadFor(lead, project, deliveryId),
        ).finally(() => this.pending.delete(run));
        this.pending.add(run);
        return deliveryId;
      });
  }

  /** Resolves once every delivery has ended (delivered, failed or gone). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.allSettled([...this.pending]);
    }
  }

  /** Stops retrying; deliveries still waiting are abandoned. */
  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve();
    }
    this.waits.clear();
  }

  private async run(
    webhook: Webhook,
    lead: Lead,
    payload: LeadCreatedPayload,
  ): Promise<void> {
    for (
      let attempt = 1;
      attempt <= this.options.maxAttempts && !this.closed;
      attempt += 1
    ) {
      const { statusCode, error } = await this.send(webhook.url, payload);
      const retryable = statusCode === null || statusCode >= 500;
      const lastAttempt = attempt === this.options.maxAttempts;
      const outcome: DeliveryOutcome =
        statusCode !== null && statusCode >= 200 && statusCode < 300
          ? 'delivered'
          : statusCode === 410
            ? 'gone'
            : retryable && !lastAttempt
              ? 'retrying'
              : 'failed';

      this.store.addAttempt({
        deliveryId: payload.id,
        leadId: lead.id,
        webhookId: webhook.id,
        url: webhook.url,
        attempt,
        statusCode,
        error,
        outcome,
        at: new Date().toISOString(),
      });
      if (outcome === 'gone') {
        this.store.deleteWebhook(webhook.id);
      }
      if (outcome !== 'retrying') {
        return;
      }
      await this.wait(
        Math.min(this.options.baseDelayMs * 2 ** (attempt - 1), this.options.maxDelayMs),
      );
    }
  }

  private async send(
    url: string,
    payload: LeadCreatedPayload,
  ): Promise<{ statusCode: number | null; error: string | null }> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'landing-page-sandbox',
          'X-Sandbox-Event': payload.event,
          'X-Sandbox-Delivery': payload.id,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      return { statusCode: response.status, error: null };
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return {
        statusCode: null,
        error: cause instanceof Error ? cause.message : String(cause),
      };
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      this.waits.set(timer, resolve);
    });
  }
}

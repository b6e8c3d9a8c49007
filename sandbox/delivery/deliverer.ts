/**
 * Delivers each new lead as `lead.created` to every webhook of its project.
 * A delivery is a row in SQLite until it ends, so deliveries being retried
 * resume when the sandbox starts again on the same database. Network errors,
 * 429 and 5xx answers are retried with bounded exponential backoff (longer
 * when the receiver's `Retry-After` asks); a 410 deletes the webhook (as
 * Zapier asks of REST hook senders); a delivery whose webhook was deleted is
 * not sent again (a Zap turned off gets no more leads); every attempt is
 * recorded.
 */
import type { FastifyBaseLogger } from 'fastify';

import { messageOf } from '../message-of';
import { randomId } from '../random-id';
import type {
  StoredLead,
  PendingDelivery,
  Project,
  RecordedAttempt,
  Store,
} from '../store';
import { sendAttempt } from './attempt';
import type { AttemptResult } from './attempt';
import { PerWebhookLimit } from './lanes';
import { LEAD_CREATED_EVENT, payloadFor } from './payload';
import { outcomeOf, retryDelayMs } from './retry';
import type { RetryOptions } from './retry';

export interface DeliveryOptions extends RetryOptions {
  /** How long one attempt may take. */
  timeoutMs: number;
  /** Attempts under way at once to one webhook; more wait their turn. */
  attemptsPerWebhook: number;
  /** How often attempts that could not be recorded (a full disk) are tried again. */
  recordRetryMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 5_000,
  // Enough for a burst of leads (npm run bench:delivery: p99 at 145 ms with 8,
  // at 124 ms with 16, on a loaded 2-core machine), few for one receiver.
  attemptsPerWebhook: 16,
  recordRetryMs: 1_000,
};

/** Where background failures and recoveries are told: they never end the process. */
export type DeliveryLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** A lead and its project: what a delivery's body is made of. */
interface LeadOfProject {
  lead: StoredLead;
  project: Project;
}

export class Deliverer {
  private readonly running = new Set<Promise<void>>();
  /** Waits before an attempt; closing ends them at once. */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private readonly lanes: PerWebhookLimit;
  private closed = false;
  /**
   * Attempts answered but not stored yet: stored together, once per turn of
   * the event loop; kept, in order, for as long as the database cannot take
   * them (a full disk), and stored once it can.
   */
  private unrecorded: RecordedAttempt[] = [];
  private flushScheduled: NodeJS.Immediate | undefined;
  private flushRetry: NodeJS.Timeout | undefined;
  /** Whether the last flush failed: said once, and once more when it works again. */
  private recordingFails = false;

  constructor(
    private readonly store: Store,
    private readonly options: DeliveryOptions,
    private readonly now: () => number,
    private readonly log: DeliveryLog,
  ) {
    this.lanes = new PerWebhookLimit(options.attemptsPerWebhook);
  }

  /**
   * Stores a new lead with a delivery to every webhook of its project that
   * takes `lead.created`, starts the deliveries, and returns their ids.
   */
  submit(lead: StoredLead, project: Project): string[] {
    const deliveries: PendingDelivery[] = this.store.webhooks
      .list(project.id)
      .filter((webhook) => webhook.triggers.includes(LEAD_CREATED_EVENT))
      .map((webhook) => {
        const id = randomId('dlv');
        return {
          id,
          leadId: lead.id,
          webhookId: webhook.id,
          url: webhook.url,
          attempts: 0,
          nextAttemptAt: this.now(),
        };
      });
    this.store.leadsAndDeliveries.add(lead, deliveries);
    deliveries.forEach((delivery) => this.start(delivery, { lead, project }));
    return deliveries.map((delivery) => delivery.id);
  }

  /**
   * Starts again every delivery a previous run left pending, and those a
   * sandbox from before pending deliveries were stored left `retrying`.
   */
  resume(): number {
    this.adoptStranded();
    const pending = this.store.leadsAndDeliveries.pending();
    pending.forEach((delivery) => this.start(delivery));
    return pending.length;
  }

  private adoptStranded(): void {
    for (const stranded of this.store.leadsAndDeliveries.stranded()) {
      this.store.leadsAndDeliveries.addPending({
        ...stranded,
        nextAttemptAt: this.now(),
      });
    }
  }

  /** Resolves once no delivery is running (each delivered, failed, gone, or stopped by close). */
  async idle(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.allSettled([...this.running]);
    }
    this.flush();
  }

  /**
   * Stops: no new attempt starts, attempts under way finish and are recorded.
   * Deliveries waiting for their next attempt stay pending in the database.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve();
    }
    this.waits.clear();
    await this.idle();
    clearTimeout(this.flushRetry);
    if (this.unrecorded.length > 0) {
      this.log.error(
        `${this.unrecorded.length} delivery attempt(s) answered while the database could not ` +
          'be written are lost at this stop: their deliveries are sent again after a restart',
      );
    }
  }

  /** `fresh`: the lead just submitted, so that the first attempt need not read it back. */
  private start(delivery: PendingDelivery, fresh?: LeadOfProject): void {
    const run = this.run(delivery, fresh)
      .catch((error: unknown) =>
        this.log.error(`delivery ${delivery.id} stopped: ${messageOf(error)}`),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async run(delivery: PendingDelivery, fresh?: LeadOfProject): Promise<void> {
    let attempt = delivery.attempts;
    let submitted = fresh;
    let dueAt = delivery.nextAttemptAt;
    // A delivery resumed after a restart may belong to a webhook deleted meanwhile.
    if (this.webhookIsGone(delivery)) {
      this.cancel(delivery, attempt, 'the webhook was deleted');
      return;
    }
    while (attempt < this.options.maxAttempts) {
      await this.waitUntil(dueAt);
      const result = await this.lanes.run(
        delivery.webhookId,
        async (): Promise<AttemptResult | 'closed' | { cancelled: string }> => {
          if (this.closed) {
            return 'closed';
          }
          if (this.webhookIsGone(delivery)) {
            return { cancelled: 'the webhook was deleted' };
          }
          const source = submitted;
          // Only the first attempt: a delivery waiting for a retry holds no lead.
          submitted = undefined;
          return source === undefined
            ? this.attempt(delivery)
            : this.send(delivery, this.payload(source, delivery));
        },
      );
      if (result === 'closed') {
        return; // closed while waiting: the delivery stays pending
      }
      if ('cancelled' in result) {
        this.cancel(delivery, attempt, result.cancelled);
        return;
      }
      attempt += 1;
      const outcome = outcomeOf(result.statusCode, attempt, this.options);
      const now = this.now();
      const nextAttemptAt =
        outcome === 'retrying'
          ? now + retryDelayMs(attempt, result.retryAfter, now, this.options)
          : null;
      this.record(delivery, attempt, result, outcome, nextAttemptAt);
      if (nextAttemptAt === null) {
        return;
      }
      dueAt = nextAttemptAt;
    }
  }

  /**
   * Ends a delivery that can no longer be sent: its webhook was deleted (a
   * Zap turned off gets no more leads), or its lead is gone.
   */
  private cancel(delivery: PendingDelivery, attemptsMade: number, why: string): void {
    this.record(
      delivery,
      attemptsMade,
      { statusCode: null, error: `not sent: ${why}`, retryAfter: null },
      'cancelled',
      null,
    );
  }

  /**
   * One attempt. Its body is built from the stored lead each time, so no
   * waiting delivery holds its lead in memory. When the database cannot be
   * read (locked, say), the attempt fails as a network error would, and is
   * retried.
   */
  private attempt(
    delivery: PendingDelivery,
  ): Promise<AttemptResult | { cancelled: string }> {
    let body: string | undefined;
    try {
      body = this.payloadOf(delivery);
    } catch (error) {
      return Promise.resolve({
        statusCode: null,
        error: `not sent: the lead could not be read (${messageOf(error)})`,
        retryAfter: null,
      });
    }
    return body === undefined
      ? Promise.resolve({ cancelled: 'its lead is gone' })
      : this.send(delivery, body);
  }

  /** The `lead.created` body of a delivery, or undefined when its lead is gone. */
  private payloadOf(delivery: PendingDelivery): string | undefined {
    const lead = this.store.leadsAndDeliveries.lead(delivery.leadId);
    const project = lead && this.store.accounts.project(lead.projectId);
    return lead === undefined || project === undefined
      ? undefined
      : this.payload({ lead, project }, delivery);
  }

  private payload({ lead, project }: LeadOfProject, delivery: PendingDelivery): string {
    return JSON.stringify(payloadFor(lead, project, delivery.id));
  }

  /** When the database cannot tell (locked, say), the delivery goes on: nothing is lost. */
  private webhookIsGone(delivery: PendingDelivery): boolean {
    try {
      return !this.store.webhooks.exists(delivery.webhookId);
    } catch (error) {
      this.log.warn(
        `delivery ${delivery.id}: could not check that its webhook still exists, sending: ${messageOf(error)}`,
      );
      return false;
    }
  }

  private send(delivery: PendingDelivery, body: string): Promise<AttemptResult> {
    return sendAttempt(
      delivery.url,
      body,
      {
        'User-Agent': 'landing-page-sandbox',
        'X-Sandbox-Event': LEAD_CREATED_EVENT,
        'X-Sandbox-Delivery': delivery.id,
      },
      this.options.timeoutMs,
    );
  }

  /**
   * Queues an attempt to be stored with the others answered in the same turn
   * of the event loop: one transaction for many, instead of one each.
   */
  private record(
    delivery: PendingDelivery,
    attempt: number,
    result: AttemptResult,
    outcome: ReturnType<typeof outcomeOf>,
    nextAttemptAt: number | null,
  ): void {
    this.unrecorded.push({
      attempt: {
        deliveryId: delivery.id,
        leadId: delivery.leadId,
        webhookId: delivery.webhookId,
        url: delivery.url,
        attempt,
        statusCode: result.statusCode,
        error: result.error,
        outcome,
        at: new Date(this.now()).toISOString(),
      },
      nextAttemptAt,
    });
    this.flushScheduled ??= setImmediate(() => this.flush());
  }

  /**
   * Stores the queued attempts in one transaction, and deletes the webhooks
   * whose receiver answered 410. When the database cannot take them (full,
   * locked, failing), they stay queued, in order, and are tried again every
   * `recordRetryMs` until they are stored: an attempt a receiver answered is
   * recorded once there is room, without a restart, and its delivery is not
   * sent again meanwhile (the running delivery knows its own outcome).
   */
  private flush(): void {
    if (this.flushScheduled !== undefined) {
      clearImmediate(this.flushScheduled);
      this.flushScheduled = undefined;
    }
    const batch = this.unrecorded;
    if (batch.length === 0) {
      return;
    }
    try {
      this.store.transaction(() => {
        this.store.leadsAndDeliveries.recordAttempts(batch);
        for (const { attempt } of batch) {
          if (attempt.outcome === 'gone') {
            this.store.webhooks.delete(attempt.webhookId);
          }
        }
      });
    } catch (error) {
      this.keepUnrecorded(batch.length, error);
      return;
    }
    this.unrecorded = this.unrecorded.slice(batch.length);
    if (this.recordingFails) {
      this.recordingFails = false;
      this.log.warn(
        `the database takes writes again: ${batch.length} delivery attempt(s) kept meanwhile are recorded`,
      );
    }
  }

  private keepUnrecorded(count: number, error: unknown): void {
    if (!this.recordingFails) {
      this.recordingFails = true;
      this.log.error(
        `${count} delivery attempt(s) could not be recorded (${messageOf(error)}); they are ` +
          `kept and recorded once the database ${this.store.location} can be written again`,
      );
    }
    if (this.flushRetry === undefined && !this.closed) {
      this.flushRetry = setTimeout(() => {
        this.flushRetry = undefined;
        this.flush();
      }, this.options.recordRetryMs);
    }
  }

  private waitUntil(dueAt: number): Promise<void> {
    const ms = dueAt - this.now();
    if (ms <= 0 || this.closed) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      this.waits.set(timer, resolve);
    });
  }
}

/**
 * Leads, and their deliveries to webhooks: a delivery waiting for its next
 * attempt is a row, so deliveries resume after a restart; every attempt is
 * recorded.
 */
import type { DatabaseSync } from 'node:sqlite';

import {
  inTransaction,
  nullableNumber,
  nullableText,
  cachedStatement,
  text,
} from './sqlite';
import type { ListPage, Row } from './sqlite';

export interface StoredLead {
  id: string;
  projectId: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/** A delivery of one lead to one webhook that has not ended yet. */
export interface PendingDelivery {
  id: string;
  leadId: string;
  webhookId: string;
  url: string;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due, in milliseconds since 1970. */
  nextAttemptAt: number;
}

/** `cancelled`: not sent again, because its webhook was deleted meanwhile. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'gone' | 'cancelled';

export interface DeliveryAttempt {
  id: number;
  deliveryId: string;
  leadId: string;
  webhookId: string;
  url: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  outcome: DeliveryOutcome;
  at: string;
}

export const LEADS_AND_DELIVERIES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS leads (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    data TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS pending_deliveries (
    id TEXT PRIMARY KEY, lead_id TEXT NOT NULL, webhook_id TEXT NOT NULL, url TEXT NOT NULL,
    attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS delivery_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL, lead_id TEXT NOT NULL,
    webhook_id TEXT NOT NULL, url TEXT NOT NULL, attempt INTEGER NOT NULL,
    status_code INTEGER, error TEXT, outcome TEXT NOT NULL, at TEXT NOT NULL
  );
`;

/**
 * Columns dropped after the tables first shipped: a pending delivery once
 * kept its whole payload, which held every waiting lead in memory; the
 * payload is now built from the lead at each attempt.
 */
export function migrateLeadsAndDeliveries(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA table_info(pending_deliveries)').all();
  if (columns.some((column) => column.name === 'payload')) {
    db.exec('ALTER TABLE pending_deliveries DROP COLUMN payload');
  }
}

const toLead = (row: Row): StoredLead => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  data: JSON.parse(text(row, 'data')) as Record<string, unknown>,
  createdAt: text(row, 'created_at'),
});

const toPending = (row: Row): PendingDelivery => ({
  id: text(row, 'id'),
  leadId: text(row, 'lead_id'),
  webhookId: text(row, 'webhook_id'),
  url: text(row, 'url'),
  attempts: Number(row.attempts),
  nextAttemptAt: Number(row.next_attempt_at),
});

/** An attempt to record, and when its delivery is due again (null: it ended). */
export interface RecordedAttempt {
  attempt: Omit<DeliveryAttempt, 'id'>;
  nextAttemptAt: number | null;
}

/** A delivery left `retrying` with nothing pending: what it needs to go on. */
export type StrandedDelivery = Omit<PendingDelivery, 'nextAttemptAt'>;

const toStranded = (row: Row): StrandedDelivery => ({
  id: text(row, 'delivery_id'),
  leadId: text(row, 'lead_id'),
  webhookId: text(row, 'webhook_id'),
  url: text(row, 'url'),
  attempts: Number(row.attempt),
});

const toAttempt = (row: Row): DeliveryAttempt => ({
  id: Number(row.id),
  deliveryId: text(row, 'delivery_id'),
  leadId: text(row, 'lead_id'),
  webhookId: text(row, 'webhook_id'),
  url: text(row, 'url'),
  attempt: Number(row.attempt),
  statusCode: nullableNumber(row, 'status_code'),
  error: nullableText(row, 'error'),
  outcome: text(row, 'outcome') as DeliveryOutcome,
  at: text(row, 'at'),
});

export class LeadsAndDeliveries {
  constructor(private readonly db: DatabaseSync) {}

  /** Stores a lead with the deliveries it starts, in one transaction. */
  add(lead: StoredLead, deliveries: PendingDelivery[]): void {
    inTransaction(this.db, () => {
      cachedStatement(
        this.db,
        'INSERT INTO leads (id, project_id, data, created_at) VALUES (?, ?, ?, ?)',
      ).run(lead.id, lead.projectId, JSON.stringify(lead.data), lead.createdAt);
      for (const delivery of deliveries) {
        this.addPending(delivery);
      }
    });
  }

  /** Leads in the order they came, a page at a time. */
  list(page: ListPage): StoredLead[] {
    return cachedStatement(this.db, 'SELECT * FROM leads ORDER BY rowid LIMIT ? OFFSET ?')
      .all(page.limit, page.offset)
      .map(toLead);
  }

  count(): number {
    return Number(cachedStatement(this.db, 'SELECT COUNT(*) AS n FROM leads').get()?.n);
  }

  lead(id: string): StoredLead | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM leads WHERE id = ?').get(id);
    return row === undefined ? undefined : toLead(row);
  }

  /**
   * Deliveries a sandbox from before pending deliveries were stored left
   * behind: their last attempt says `retrying`, and nothing is pending for them.
   */
  stranded(): StrandedDelivery[] {
    return cachedStatement(
      this.db,
      `SELECT a.delivery_id, a.lead_id, a.webhook_id, a.url, a.attempt FROM delivery_attempts a
         WHERE a.outcome = 'retrying'
           AND a.id = (SELECT MAX(b.id) FROM delivery_attempts b WHERE b.delivery_id = a.delivery_id)
           AND NOT EXISTS (SELECT 1 FROM pending_deliveries p WHERE p.id = a.delivery_id)
         ORDER BY a.id`,
    )
      .all()
      .map(toStranded);
  }

  /** Makes a delivery pending: a new one, or a stranded one again. */
  addPending(delivery: PendingDelivery): void {
    cachedStatement(
      this.db,
      'INSERT INTO pending_deliveries (id, lead_id, webhook_id, url, attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      delivery.id,
      delivery.leadId,
      delivery.webhookId,
      delivery.url,
      delivery.attempts,
      delivery.nextAttemptAt,
    );
  }

  /** Deliveries that have not ended, oldest first: what a restart resumes. */
  pending(): PendingDelivery[] {
    return cachedStatement(this.db, 'SELECT * FROM pending_deliveries ORDER BY rowid')
      .all()
      .map(toPending);
  }

  /**
   * Records attempts and what comes of their deliveries, in one transaction:
   * each rescheduled when its `nextAttemptAt` is given, ended (no longer
   * pending) otherwise. All of it is stored, or none.
   */
  recordAttempts(records: readonly RecordedAttempt[]): void {
    inTransaction(this.db, () => {
      for (const { attempt, nextAttemptAt } of records) {
        this.insertAttempt(attempt, nextAttemptAt);
      }
    });
  }

  /** One attempt, as `recordAttempts` records it. */
  recordAttempt(
    attempt: Omit<DeliveryAttempt, 'id'>,
    nextAttemptAt: number | null,
  ): void {
    this.recordAttempts([{ attempt, nextAttemptAt }]);
  }

  private insertAttempt(
    attempt: Omit<DeliveryAttempt, 'id'>,
    nextAttemptAt: number | null,
  ): void {
    cachedStatement(
      this.db,
      'INSERT INTO delivery_attempts (delivery_id, lead_id, webhook_id, url, attempt, status_code, error, outcome, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      attempt.deliveryId,
      attempt.leadId,
      attempt.webhookId,
      attempt.url,
      attempt.attempt,
      attempt.statusCode,
      attempt.error,
      attempt.outcome,
      attempt.at,
    );
    if (nextAttemptAt === null) {
      cachedStatement(this.db, 'DELETE FROM pending_deliveries WHERE id = ?').run(
        attempt.deliveryId,
      );
    } else {
      cachedStatement(
        this.db,
        'UPDATE pending_deliveries SET attempts = ?, next_attempt_at = ? WHERE id = ?',
      ).run(attempt.attempt, nextAttemptAt, attempt.deliveryId);
    }
  }

  /** Attempts in the order they were recorded, of every lead or one, a page at a time. */
  attempts(filter: { leadId?: string }, page: ListPage): DeliveryAttempt[] {
    const rows =
      filter.leadId === undefined
        ? cachedStatement(
            this.db,
            'SELECT * FROM delivery_attempts ORDER BY id LIMIT ? OFFSET ?',
          ).all(page.limit, page.offset)
        : cachedStatement(
            this.db,
            'SELECT * FROM delivery_attempts WHERE lead_id = ? ORDER BY id LIMIT ? OFFSET ?',
          ).all(filter.leadId, page.limit, page.offset);
    return rows.map(toAttempt);
  }

  attemptCount(filter: { leadId?: string }): number {
    const row =
      filter.leadId === undefined
        ? cachedStatement(this.db, 'SELECT COUNT(*) AS n FROM delivery_attempts').get()
        : cachedStatement(
            this.db,
            'SELECT COUNT(*) AS n FROM delivery_attempts WHERE lead_id = ?',
          ).get(filter.leadId);
    return Number(row?.n);
  }

  /** The latest `count` attempts, oldest of them first. */
  latestAttempts(count: number): DeliveryAttempt[] {
    return cachedStatement(
      this.db,
      'SELECT * FROM delivery_attempts ORDER BY id DESC LIMIT ?',
    )
      .all(count)
      .map(toAttempt)
      .reverse();
  }
}

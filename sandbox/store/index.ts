/**
 * The sandbox's state in SQLite: a file for `npm run sandbox` (it survives
 * restarts), `:memory:` for tests and `npm start`. One module per aggregate.
 */
import type { DatabaseSync } from 'node:sqlite';

import { Accounts, ACCOUNTS_SCHEMA } from './accounts';
import {
  ClientsAndTokens,
  CLIENTS_AND_TOKENS_SCHEMA,
  migrateClientsAndTokens,
} from './clients-and-tokens';
import {
  LeadsAndDeliveries,
  LEADS_AND_DELIVERIES_SCHEMA,
  migrateLeadsAndDeliveries,
} from './leads-and-deliveries';
import { DEFAULT_BUSY_TIMEOUT_MS, inTransaction, openDatabase } from './sqlite';
import { Webhooks, WEBHOOKS_SCHEMA } from './webhooks';

export type { Page, Plan, Project, User } from './accounts';
export type {
  AuthorizationCode,
  RegisteredClient,
  PendingConsent,
  Token,
  TokenKind,
} from './clients-and-tokens';
export type {
  DeliveryAttempt,
  DeliveryOutcome,
  StoredLead,
  PendingDelivery,
  RecordedAttempt,
} from './leads-and-deliveries';
export type { Webhook } from './webhooks';
export type { ListPage } from './sqlite';

export class Store {
  readonly accounts: Accounts;
  readonly clientsAndTokens: ClientsAndTokens;
  readonly webhooks: Webhooks;
  readonly leadsAndDeliveries: LeadsAndDeliveries;
  private readonly db: DatabaseSync;

  /** @param location the database file, or `:memory:`: what the logs name */
  constructor(
    readonly location: string,
    busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS,
  ) {
    this.db = openDatabase(location, busyTimeoutMs);
    this.db.exec(
      ACCOUNTS_SCHEMA +
        CLIENTS_AND_TOKENS_SCHEMA +
        WEBHOOKS_SCHEMA +
        LEADS_AND_DELIVERIES_SCHEMA,
    );
    migrateClientsAndTokens(this.db);
    migrateLeadsAndDeliveries(this.db);
    this.accounts = new Accounts(this.db);
    this.clientsAndTokens = new ClientsAndTokens(this.db);
    this.webhooks = new Webhooks(this.db);
    this.leadsAndDeliveries = new LeadsAndDeliveries(this.db);
  }

  /** Runs `work` in one transaction across the aggregates: all of it is stored, or none. */
  transaction<T>(work: () => T): T {
    return inTransaction(this.db, work);
  }

  /**
   * Caps the database at `pages` pages (SQLite's `max_page_count`), so that
   * a write past it fails as on a full disk; `undefined` lifts the cap. For
   * trying out, and testing, what a full disk does.
   */
  limitPages(pages: number | undefined): void {
    const limit = pages ?? 0xfffffffe;
    this.db.exec(`PRAGMA max_page_count = ${Math.trunc(limit)};`);
  }

  /** Pages the database uses now. */
  pageCount(): number {
    const row = this.db.prepare('PRAGMA page_count').get();
    return Number(row?.page_count);
  }

  close(): void {
    if (this.db.isOpen) {
      this.db.close();
    }
  }
}

/** Webhooks: where a client asked the project's events to be sent. */
import type { DatabaseSync } from 'node:sqlite';

import { list, cachedStatement, text } from './sqlite';
import type { Row } from './sqlite';

export interface Webhook {
  id: string;
  projectId: string;
  /** The OAuth client that created it: only that client may delete it. */
  clientId: string;
  url: string;
  triggers: string[];
  createdAt: string;
}

export const WEBHOOKS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS webhooks (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    client_id TEXT NOT NULL, url TEXT NOT NULL, triggers TEXT NOT NULL, created_at TEXT NOT NULL
  );
`;

const toWebhook = (row: Row): Webhook => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  clientId: text(row, 'client_id'),
  url: text(row, 'url'),
  triggers: list(row, 'triggers'),
  createdAt: text(row, 'created_at'),
});

export class Webhooks {
  constructor(private readonly db: DatabaseSync) {}

  add(webhook: Webhook): void {
    cachedStatement(
      this.db,
      'INSERT INTO webhooks (id, project_id, client_id, url, triggers, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      webhook.id,
      webhook.projectId,
      webhook.clientId,
      webhook.url,
      JSON.stringify(webhook.triggers),
      webhook.createdAt,
    );
  }

  /** Every webhook, or those of one project. */
  list(projectId?: string): Webhook[] {
    const rows =
      projectId === undefined
        ? cachedStatement(this.db, 'SELECT * FROM webhooks ORDER BY rowid').all()
        : cachedStatement(
            this.db,
            'SELECT * FROM webhooks WHERE project_id = ? ORDER BY rowid',
          ).all(projectId);
    return rows.map(toWebhook);
  }

  exists(id: string): boolean {
    return (
      cachedStatement(this.db, 'SELECT 1 FROM webhooks WHERE id = ?').get(id) !==
      undefined
    );
  }

  /** Deletes a webhook if it belongs to this project and was made by this client. */
  deleteOwned(id: string, owner: { projectId: string; clientId: string }): boolean {
    const result = cachedStatement(
      this.db,
      'DELETE FROM webhooks WHERE id = ? AND project_id = ? AND client_id = ?',
    ).run(id, owner.projectId, owner.clientId);
    return Number(result.changes) > 0;
  }

  delete(id: string): boolean {
    return (
      Number(
        cachedStatement(this.db, 'DELETE FROM webhooks WHERE id = ?').run(id).changes,
      ) > 0
    );
  }
}

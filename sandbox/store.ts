/**
 * The sandbox's state, in SQLite through Node 22's built-in `node:sqlite`:
 * a file for `npm run sandbox`, `:memory:` for tests and `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

export type Plan = 'paid' | 'free';

export interface Project {
  id: string;
  name: string;
  plan: Plan;
}

/** A landing page of a project: where leads are submitted. */
export interface Page {
  id: string;
  projectId: string;
  name: string;
  url: string;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string;
  projectId: string;
}

export interface OAuthClient {
  id: string;
  secret: string;
  name: string;
  redirectUris: string[];
}

/** A consent page shown and not yet answered: what Approve or Deny will act on. */
export interface PendingConsent {
  id: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string | null;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  expiresAt: number;
  usedAt: number | null;
}

export type TokenKind = 'access' | 'refresh';

export interface Token {
  token: string;
  kind: TokenKind;
  clientId: string;
  userId: string;
  scopes: string[];
  /** Issued through PKCE: the refresh needs no client secret. */
  pkce: boolean;
  /** The authorization code the token family comes from. */
  fromCode: string;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface Webhook {
  id: string;
  projectId: string;
  clientId: string;
  url: string;
  triggers: string[];
  createdAt: string;
}

export interface Lead {
  id: string;
  projectId: string;
  data: Record<string, unknown>;
  createdAt: string;
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'gone';

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

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS projects (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, plan TEXT NOT NULL CHECK (plan IN ('paid', 'free'))
  );
  CREATE TABLE IF NOT EXISTS pages (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    name TEXT NOT NULL, url TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL,
    last_name TEXT NOT NULL, image TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects(id)
  );
  CREATE TABLE IF NOT EXISTS clients (
    id TEXT PRIMARY KEY, secret TEXT NOT NULL, name TEXT NOT NULL, redirect_uris TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS consents (
    id TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, scopes TEXT NOT NULL, state TEXT NOT NULL, code_challenge TEXT
  );
  CREATE TABLE IF NOT EXISTS authorization_codes (
    code TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, scopes TEXT NOT NULL, code_challenge TEXT,
    expires_at INTEGER NOT NULL, used_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    client_id TEXT NOT NULL, user_id TEXT NOT NULL, scopes TEXT NOT NULL,
    pkce INTEGER NOT NULL, from_code TEXT NOT NULL, expires_at INTEGER, revoked_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS webhooks (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    client_id TEXT NOT NULL, url TEXT NOT NULL, triggers TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS leads (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    data TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS delivery_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL, lead_id TEXT NOT NULL,
    webhook_id TEXT NOT NULL, url TEXT NOT NULL, attempt INTEGER NOT NULL,
    status_code INTEGER, error TEXT, outcome TEXT NOT NULL, at TEXT NOT NULL
  );
`;

type Row = Record<string, unknown>;

// Every column read as text is declared TEXT or INTEGER in the schema above.
const text = (row: Row, key: string): string => String(row[key]);
const nullableText = (row: Row, key: string): string | null =>
  row[key] === null || row[key] === undefined ? null : text(row, key);
const nullableNumber = (row: Row, key: string): number | null =>
  row[key] === null || row[key] === undefined ? null : Number(row[key]);
const list = (row: Row, key: string): string[] => JSON.parse(text(row, key)) as string[];

const toProject = (row: Row): Project => ({
  id: text(row, 'id'),
  name: text(row, 'name'),
  plan: text(row, 'plan') as Plan,
});

const toPage = (row: Row): Page => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  name: text(row, 'name'),
  url: text(row, 'url'),
});

const toUser = (row: Row): User => ({
  id: text(row, 'id'),
  email: text(row, 'email'),
  firstName: text(row, 'first_name'),
  lastName: text(row, 'last_name'),
  image: text(row, 'image'),
  projectId: text(row, 'project_id'),
});

const toClient = (row: Row): OAuthClient => ({
  id: text(row, 'id'),
  secret: text(row, 'secret'),
  name: text(row, 'name'),
  redirectUris: list(row, 'redirect_uris'),
});

export class Store {
  private readonly db: DatabaseSync;

  constructor(path: string) {
    this.db = new DatabaseSync(path);
    this.db.exec('PRAGMA foreign_keys = ON;');
    this.db.exec(SCHEMA);
  }

  close(): void {
    if (this.db.isOpen) {
      this.db.close();
    }
  }

  isEmpty(): boolean {
    return this.db.prepare('SELECT COUNT(*) AS n FROM projects').get()?.n === 0;
  }

  /* Projects, users, clients ---------------------------------------------- */

  addProject(project: Project): void {
    this.db
      .prepare('INSERT INTO projects (id, name, plan) VALUES (?, ?, ?)')
      .run(project.id, project.name, project.plan);
  }

  projects(): Project[] {
    return this.db.prepare('SELECT * FROM projects ORDER BY rowid').all().map(toProject);
  }

  project(id: string): Project | undefined {
    const row = this.db.prepare('SELECT * FROM projects WHERE id = ?').get(id);
    return row === undefined ? undefined : toProject(row);
  }

  addPage(page: Page): void {
    this.db
      .prepare('INSERT INTO pages (id, project_id, name, url) VALUES (?, ?, ?, ?)')
      .run(page.id, page.projectId, page.name, page.url);
  }

  /** The pages of a project (every page without one), in the order they were added. */
  pages(projectId?: string): Page[] {
    const rows =
      projectId === undefined
        ? this.db.prepare('SELECT * FROM pages ORDER BY rowid').all()
        : this.db
            .prepare('SELECT * FROM pages WHERE project_id = ? ORDER BY rowid')
            .all(projectId);
    return rows.map(toPage);
  }

  page(id: string): Page | undefined {
    const row = this.db.prepare('SELECT * FROM pages WHERE id = ?').get(id);
    return row === undefined ? undefined : toPage(row);
  }

  addUser(user: User): void {
    this.db
      .prepare(
        'INSERT INTO users (id, email, first_name, last_name, image, project_id) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        user.id,
        user.email,
        user.firstName,
        user.lastName,
        user.image,
        user.projectId,
      );
  }

  users(): User[] {
    return this.db.prepare('SELECT * FROM users ORDER BY rowid').all().map(toUser);
  }

  user(id: string): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id);
    return row === undefined ? undefined : toUser(row);
  }

  addClient(client: OAuthClient): void {
    this.db
      .prepare(
        'INSERT INTO clients (id, secret, name, redirect_uris) VALUES (?, ?, ?, ?)',
      )
      .run(client.id, client.secret, client.name, JSON.stringify(client.redirectUris));
  }

  clients(): OAuthClient[] {
    return this.db.prepare('SELECT * FROM clients ORDER BY rowid').all().map(toClient);
  }

  client(id: string): OAuthClient | undefined {
    const row = this.db.prepare('SELECT * FROM clients WHERE id = ?').get(id);
    return row === undefined ? undefined : toClient(row);
  }

  /* Consent and codes ------------------------------------------------------ */

  addConsent(consent: PendingConsent): void {
    this.db
      .prepare(
        'INSERT INTO consents (id, client_id, user_id, redirect_uri, scopes, state, code_challenge) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        consent.id,
        consent.clientId,
        consent.userId,
        consent.redirectUri,
        JSON.stringify(consent.scopes),
        consent.state,
        consent.codeChallenge,
      );
  }

  /** A consent can be answered once: reading it removes it. */
  takeConsent(id: string): PendingConsent | undefined {
    const row = this.db.prepare('DELETE FROM consents WHERE id = ? RETURNING *').get(id);
    if (row === undefined) {
      return undefined;
    }
    return {
      id: text(row, 'id'),
      clientId: text(row, 'client_id'),
      userId: text(row, 'user_id'),
      redirectUri: text(row, 'redirect_uri'),
      scopes: list(row, 'scopes'),
      state: text(row, 'state'),
      codeChallenge: nullableText(row, 'code_challenge'),
    };
  }

  addCode(code: AuthorizationCode): void {
    this.db
      .prepare(
        'INSERT INTO authorization_codes (code, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        code.code,
        code.clientId,
        code.userId,
        code.redirectUri,
        JSON.stringify(code.scopes),
        code.codeChallenge,
        code.expiresAt,
        code.usedAt,
      );
  }

  code(code: string): AuthorizationCode | undefined {
    const row = this.db
      .prepare('SELECT * FROM authorization_codes WHERE code = ?')
      .get(code);
    if (row === undefined) {
      return undefined;
    }
    return {
      code: text(row, 'code'),
      clientId: text(row, 'client_id'),
      userId: text(row, 'user_id'),
      redirectUri: text(row, 'redirect_uri'),
      scopes: list(row, 'scopes'),
      codeChallenge: nullableText(row, 'code_challenge'),
      expiresAt: Number(row.expires_at),
      usedAt: nullableNumber(row, 'used_at'),
    };
  }

  markCodeUsed(code: string, at: number): void {
    this.db
      .prepare('UPDATE authorization_codes SET used_at = ? WHERE code = ?')
      .run(at, code);
  }

  /* Tokens ----------------------------------------------------------------- */

  addToken(token: Token): void {
    this.db
      .prepare(
        'INSERT INTO tokens (token, kind, client_id, user_id, scopes, pkce, from_code, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        token.token,
        token.kind,
        token.clientId,
        token.userId,
        JSON.stringify(token.scopes),
        token.pkce ? 1 : 0,
        token.fromCode,
        token.expiresAt,
        token.revokedAt,
      );
  }

  token(value: string, kind: TokenKind): Token | undefined {
    const row = this.db
      .prepare('SELECT * FROM tokens WHERE token = ? AND kind = ?')
      .get(value, kind);
    if (row === undefined) {
      return undefined;
    }
    return {
      token: text(row, 'token'),
      kind,
      clientId: text(row, 'client_id'),
      userId: text(row, 'user_id'),
      scopes: list(row, 'scopes'),
      pkce: Number(row.pkce) === 1,
      fromCode: text(row, 'from_code'),
      expiresAt: nullableNumber(row, 'expires_at'),
      revokedAt: nullableNumber(row, 'revoked_at'),
    };
  }

  revokeToken(value: string, at: number): void {
    this.db
      .prepare('UPDATE tokens SET revoked_at = ? WHERE token = ? AND revoked_at IS NULL')
      .run(at, value);
  }

  /** A reused authorization code revokes every token issued from it. */
  revokeTokensFromCode(code: string, at: number): void {
    this.db
      .prepare(
        'UPDATE tokens SET revoked_at = ? WHERE from_code = ? AND revoked_at IS NULL',
      )
      .run(at, code);
  }

  /* Webhooks --------------------------------------------------------------- */

  addWebhook(webhook: Webhook): void {
    this.db
      .prepare(
        'INSERT INTO webhooks (id, project_id, client_id, url, triggers, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        webhook.id,
        webhook.projectId,
        webhook.clientId,
        webhook.url,
        JSON.stringify(webhook.triggers),
        webhook.createdAt,
      );
  }

  webhooks(projectId?: string): Webhook[] {
    const rows =
      projectId === undefined
        ? this.db.prepare('SELECT * FROM webhooks ORDER BY rowid').all()
        : this.db
            .prepare('SELECT * FROM webhooks WHERE project_id = ? ORDER BY rowid')
            .all(projectId);
    return rows.map((row) => ({
      id: text(row, 'id'),
      projectId: text(row, 'project_id'),
      clientId: text(row, 'client_id'),
      url: text(row, 'url'),
      triggers: list(row, 'triggers'),
      createdAt: text(row, 'created_at'),
    }));
  }

  deleteWebhook(id: string): boolean {
    return (
      Number(this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id).changes) > 0
    );
  }

  /* Leads and deliveries --------------------------------------------------- */

  addLead(lead: Lead): void {
    this.db
      .prepare('INSERT INTO leads (id, project_id, data, created_at) VALUES (?, ?, ?, ?)')
      .run(lead.id, lead.projectId, JSON.stringify(lead.data), lead.createdAt);
  }

  leads(): Lead[] {
    return this.db
      .prepare('SELECT * FROM leads ORDER BY rowid')
      .all()
      .map((row) => ({
        id: text(row, 'id'),
        projectId: text(row, 'project_id'),
        data: JSON.parse(text(row, 'data')) as Record<string, unknown>,
        createdAt: text(row, 'created_at'),
      }));
  }

  addAttempt(attempt: Omit<DeliveryAttempt, 'id'>): void {
    this.db
      .prepare(
        'INSERT INTO delivery_attempts (delivery_id, lead_id, webhook_id, url, attempt, status_code, error, outcome, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
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
  }

  attempts(filter: { leadId?: string } = {}): DeliveryAttempt[] {
    const rows =
      filter.leadId === undefined
        ? this.db.prepare('SELECT * FROM delivery_attempts ORDER BY id').all()
        : this.db
            .prepare('SELECT * FROM delivery_attempts WHERE lead_id = ? ORDER BY id')
            .all(filter.leadId);
    return rows.map((row) => ({
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
    }));
  }
}

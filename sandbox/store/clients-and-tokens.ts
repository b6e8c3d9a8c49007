/** OAuth clients, and what they are granted: consents, authorization codes and tokens. */
import type { DatabaseSync } from 'node:sqlite';

import {
  inTransaction,
  list,
  nullableNumber,
  nullableText,
  cachedStatement,
  text,
} from './sqlite';
import type { Row } from './sqlite';

export interface RegisteredClient {
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
  expiresAt: number;
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
  /** A refresh token: when it was first used, and so rotated (it still works for the grace). */
  rotatedAt: number | null;
  /** A refresh token: the one its rotation issued. */
  replacedBy: string | null;
}

export const CLIENTS_AND_TOKENS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS clients (
    id TEXT PRIMARY KEY, secret TEXT NOT NULL, name TEXT NOT NULL, redirect_uris TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS consents (
    id TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, scopes TEXT NOT NULL, state TEXT NOT NULL, code_challenge TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS authorization_codes (
    code TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, scopes TEXT NOT NULL, code_challenge TEXT,
    expires_at INTEGER NOT NULL, used_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    client_id TEXT NOT NULL, user_id TEXT NOT NULL, scopes TEXT NOT NULL,
    pkce INTEGER NOT NULL, from_code TEXT NOT NULL, expires_at INTEGER, revoked_at INTEGER,
    rotated_at INTEGER, replaced_by TEXT
  );
`;

/** Columns added after the tables first shipped: a database from before gets them. */
export function migrateClientsAndTokens(db: DatabaseSync): void {
  const consentColumns = db.prepare('PRAGMA table_info(consents)').all();
  if (!consentColumns.some((column) => column.name === 'expires_at')) {
    // Consents from before expiry existed count as expired.
    db.exec('ALTER TABLE consents ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0');
  }
  const tokenColumns = db.prepare('PRAGMA table_info(tokens)').all();
  if (!tokenColumns.some((column) => column.name === 'rotated_at')) {
    // Tokens rotated before the grace existed were revoked: they stay so.
    db.exec('ALTER TABLE tokens ADD COLUMN rotated_at INTEGER');
    db.exec('ALTER TABLE tokens ADD COLUMN replaced_by TEXT');
  }
}

const toClient = (row: Row): RegisteredClient => ({
  id: text(row, 'id'),
  secret: text(row, 'secret'),
  name: text(row, 'name'),
  redirectUris: list(row, 'redirect_uris'),
});

const toConsent = (row: Row): PendingConsent => ({
  id: text(row, 'id'),
  clientId: text(row, 'client_id'),
  userId: text(row, 'user_id'),
  redirectUri: text(row, 'redirect_uri'),
  scopes: list(row, 'scopes'),
  state: text(row, 'state'),
  codeChallenge: nullableText(row, 'code_challenge'),
  expiresAt: Number(row.expires_at),
});

const toCode = (row: Row): AuthorizationCode => ({
  code: text(row, 'code'),
  clientId: text(row, 'client_id'),
  userId: text(row, 'user_id'),
  redirectUri: text(row, 'redirect_uri'),
  scopes: list(row, 'scopes'),
  codeChallenge: nullableText(row, 'code_challenge'),
  expiresAt: Number(row.expires_at),
  usedAt: nullableNumber(row, 'used_at'),
});

const toToken = (row: Row): Token => ({
  token: text(row, 'token'),
  kind: text(row, 'kind') as TokenKind,
  clientId: text(row, 'client_id'),
  userId: text(row, 'user_id'),
  scopes: list(row, 'scopes'),
  pkce: Number(row.pkce) === 1,
  fromCode: text(row, 'from_code'),
  expiresAt: nullableNumber(row, 'expires_at'),
  revokedAt: nullableNumber(row, 'revoked_at'),
  rotatedAt: nullableNumber(row, 'rotated_at'),
  replacedBy: nullableText(row, 'replaced_by'),
});

export class ClientsAndTokens {
  constructor(private readonly db: DatabaseSync) {}

  addClient(client: RegisteredClient): void {
    cachedStatement(
      this.db,
      'INSERT INTO clients (id, secret, name, redirect_uris) VALUES (?, ?, ?, ?)',
    ).run(client.id, client.secret, client.name, JSON.stringify(client.redirectUris));
  }

  clients(): RegisteredClient[] {
    return cachedStatement(this.db, 'SELECT * FROM clients ORDER BY rowid')
      .all()
      .map(toClient);
  }

  client(id: string): RegisteredClient | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM clients WHERE id = ?').get(id);
    return row === undefined ? undefined : toClient(row);
  }

  /**
   * Stores a consent page's request. Expired ones go first, and at most
   * `maxPending` stay: past that, the oldest make room (an unanswered page
   * cannot fill the database).
   */
  addConsent(consent: PendingConsent, now: number, maxPending: number): void {
    inTransaction(this.db, () => {
      cachedStatement(this.db, 'DELETE FROM consents WHERE expires_at <= ?').run(now);
      cachedStatement(
        this.db,
        'DELETE FROM consents WHERE rowid IN (SELECT rowid FROM consents ORDER BY rowid DESC LIMIT -1 OFFSET ?)',
      ).run(Math.max(0, maxPending - 1));
      cachedStatement(
        this.db,
        'INSERT INTO consents (id, client_id, user_id, redirect_uri, scopes, state, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        consent.id,
        consent.clientId,
        consent.userId,
        consent.redirectUri,
        JSON.stringify(consent.scopes),
        consent.state,
        consent.codeChallenge,
        consent.expiresAt,
      );
    });
  }

  /** A consent can be answered once, before it expires: taking it removes it. */
  takeConsent(id: string, now: number): PendingConsent | undefined {
    cachedStatement(this.db, 'DELETE FROM consents WHERE expires_at <= ?').run(now);
    const row = cachedStatement(
      this.db,
      'DELETE FROM consents WHERE id = ? RETURNING *',
    ).get(id);
    return row === undefined ? undefined : toConsent(row);
  }

  addCode(code: AuthorizationCode): void {
    cachedStatement(
      this.db,
      'INSERT INTO authorization_codes (code, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
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
    const row = cachedStatement(
      this.db,
      'SELECT * FROM authorization_codes WHERE code = ?',
    ).get(code);
    return row === undefined ? undefined : toCode(row);
  }

  markCodeUsed(code: string, at: number): void {
    cachedStatement(
      this.db,
      'UPDATE authorization_codes SET used_at = ? WHERE code = ?',
    ).run(at, code);
  }

  /**
   * Stores tokens issued together (an access and a refresh token), and marks
   * the refresh token `rotating` rotated into the new one: all or nothing.
   */
  addTokens(tokens: Token[], rotating?: { token: string; at: number }): void {
    const insert = cachedStatement(
      this.db,
      'INSERT INTO tokens (token, kind, client_id, user_id, scopes, pkce, from_code, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const successor = tokens.find((token) => token.kind === 'refresh')?.token ?? null;
    inTransaction(this.db, () => {
      if (rotating !== undefined) {
        cachedStatement(
          this.db,
          'UPDATE tokens SET rotated_at = ?, replaced_by = ? WHERE token = ? AND rotated_at IS NULL',
        ).run(rotating.at, successor, rotating.token);
      }
      for (const token of tokens) {
        insert.run(
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
    });
  }

  token(value: string, kind: TokenKind): Token | undefined {
    const row = cachedStatement(
      this.db,
      'SELECT * FROM tokens WHERE token = ? AND kind = ?',
    ).get(value, kind);
    return row === undefined ? undefined : toToken(row);
  }

  /**
   * The newest refresh token a rotated one leads to: its successor, or that
   * one's, and so on, up to one not rotated yet.
   */
  newestRotationOf(refresh: Token): Token {
    let newest = refresh;
    while (newest.replacedBy !== null) {
      const next = this.token(newest.replacedBy, 'refresh');
      if (next === undefined) {
        break;
      }
      newest = next;
    }
    return newest;
  }

  /**
   * Every token of a family: those issued from one authorization code and all
   * their rotations. A replayed code or a reused refresh token revokes it.
   */
  revokeFamily(fromCode: string, at: number): void {
    cachedStatement(
      this.db,
      'UPDATE tokens SET revoked_at = ? WHERE from_code = ? AND revoked_at IS NULL',
    ).run(at, fromCode);
  }
}

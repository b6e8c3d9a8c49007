/** The sandbox's SQLite database (Node 22's `node:sqlite`) and the helpers that read its rows. */
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';

export type Row = Record<string, unknown>;

/** A slice of a listing: at most `limit` rows, after skipping `offset`. */
export interface ListPage {
  limit: number;
  offset: number;
}

/** How long a statement waits for a lock held elsewhere (the sqlite3 shell, say). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export function openDatabase(path: string, busyTimeoutMs: number): DatabaseSync {
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new Error(`busyTimeoutMs must be a whole number of milliseconds`);
  }
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs};`);
    db.exec('PRAGMA foreign_keys = ON;');
    // Write-ahead logging: a commit appends to the log instead of rewriting
    // pages and syncing twice, and readers never wait for a writer. With
    // synchronous NORMAL a commit is not synced at once: a power cut may lose
    // the last commits, never corrupt the database (SQLite's WAL guarantee);
    // a crash of the process loses nothing. In-memory databases keep their own.
    db.exec('PRAGMA journal_mode = WAL;');
    db.exec('PRAGMA synchronous = NORMAL;');
  } catch (error) {
    // A file that is not a database fails here: nothing stays open.
    db.close();
    throw error;
  }
  return db;
}

const compiled = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/**
 * The statement for `sql`, compiled once per database and kept: compiling
 * costs more than running (a delivery runs a few statements per attempt).
 */
export function cachedStatement(db: DatabaseSync, sql: string): StatementSync {
  let statements = compiled.get(db);
  if (statements === undefined) {
    statements = new Map();
    compiled.set(db, statements);
  }
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs `work` in one write transaction: all of it is stored, or none. Inside
 * a transaction already under way, `work` becomes part of that one.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) {
    return work();
  }
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) {
      db.exec('ROLLBACK');
    }
    throw error;
  }
}

// Every column read as text is declared TEXT or INTEGER in a schema.
export const text = (row: Row, key: string): string => String(row[key]);
export const nullableText = (row: Row, key: string): string | null =>
  row[key] === null || row[key] === undefined ? null : text(row, key);
export const nullableNumber = (row: Row, key: string): number | null =>
  row[key] === null || row[key] === undefined ? null : Number(row[key]);
export const list = (row: Row, key: string): string[] =>
  JSON.parse(text(row, key)) as string[];

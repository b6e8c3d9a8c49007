/**
 * What the store's failures mean to a client: a full disk is 507 Insufficient
 * Storage (RFC 4918 §11.5), an I/O failure 503, a lock held too long 503;
 * each with Retry-After, since each passes, and at the OAuth endpoints as
 * RFC 6749's `temporarily_unavailable` (or `server_error` for an I/O
 * failure). Nothing was stored: a retry is safe.
 */
import type { FastifyRequest } from 'fastify';

import { messageOf } from '../message-of';

/** SQLite's primary result codes that say the database cannot be used now (sqlite.org/rescode.html). */
const SQLITE_BUSY = 5;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

/** The primary result code of a node:sqlite error (its extended code modulo 256), if it is one. */
function sqliteCode(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    typeof error.errcode === 'number'
    ? error.errcode % 256
    : undefined;
}

export interface StorageFailure {
  status: number;
  message: string;
  oauthCode: 'temporarily_unavailable' | 'server_error';
  retryAfterSeconds: number;
  /** What the log says, with the database's location; nothing for a passing lock. */
  logged?: string;
}

export function storageFailure(error: unknown): StorageFailure | undefined {
  switch (sqliteCode(error)) {
    case SQLITE_BUSY:
      return {
        status: 503,
        message: 'The sandbox database is locked by another connection: try again',
        oauthCode: 'temporarily_unavailable',
        retryAfterSeconds: 1,
      };
    case SQLITE_FULL:
      return {
        status: 507,
        message:
          "The sandbox's storage is full, so nothing was saved: try again once there is room",
        oauthCode: 'temporarily_unavailable',
        retryAfterSeconds: 60,
        logged: 'storage full',
      };
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
      return {
        status: 503,
        message:
          'The sandbox could not read or write its database, so nothing was saved: try again',
        oauthCode: 'server_error',
        retryAfterSeconds: 30,
        logged: 'database unavailable',
      };
    default:
      return undefined;
  }
}

/** Logs what failed, with the database's location (never in an answer). */
export function logStorageFailure(
  request: FastifyRequest,
  storage: StorageFailure,
  error: unknown,
): void {
  if (storage.logged !== undefined) {
    request.log.error(
      { database: request.server.sandbox.store.location },
      `${request.method} ${request.url.split('?')[0]} failed: ${storage.logged}: ${messageOf(error)}`,
    );
  }
}

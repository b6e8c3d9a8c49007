/**
 * Every error answer, in the spec's Error object `{error}` (§7): through one
 * handler for what reaches Fastify (an error page instead on the routes a
 * browser opens), and written straight to the socket for what Node refuses
 * before Fastify sees it.
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { sendHtml } from './html';
import { errorPage } from '../pages/error';

export interface HttpErrorOptions {
  /** Headers the answer carries, e.g. `WWW-Authenticate`. */
  headers?: Record<string, string>;
  /** The heading of the error page, where a browser asked. */
  title?: string;
  /**
   * An OAuth error code (RFC 6749 §5.2): the answer is then
   * `{error: code, error_description: message}` instead of `{error: message}`.
   */
  code?: string;
}

export class HttpError extends Error {
  readonly headers: Record<string, string>;
  readonly title: string | undefined;
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.headers = options.headers ?? {};
    this.title = options.title;
    this.code = options.code;
  }
}

const READABLE_BODIES =
  'Send the body as application/json or application/x-www-form-urlencoded';

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

/**
 * What the store's failures mean to a client, and how each endpoint says so:
 * a full disk is 507 Insufficient Storage (RFC 4918 §11.5), an I/O failure
 * 503, a lock held too long 503; each with Retry-After, since each passes,
 * and at the OAuth endpoints as RFC 6749's `temporarily_unavailable` (or
 * `server_error` for an I/O failure). Nothing was stored: a retry is safe.
 */
interface StorageFailure {
  status: number;
  message: string;
  oauthCode: 'temporarily_unavailable' | 'server_error';
  retryAfterSeconds: number;
  /** What the log says, with the database's location. */
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

/** Says on standard error what failed, with the database's location (never in an answer). */
export function logStorageFailure(
  request: FastifyRequest,
  storage: StorageFailure,
  error: unknown,
): void {
  if (storage.logged === undefined) {
    return;
  }
  const where = request.server.sandbox.store.location;
  // Duck-typed: node:sqlite's errors may come from another realm.
  const detail =
    typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : String(error);
  process.stderr.write(
    `sandbox: ${request.method} ${request.url.split('?')[0]} failed: ${storage.logged} ` +
      `(database ${where}): ${detail}\n`,
  );
}

function describe(error: FastifyError | HttpError): {
  status: number;
  message: string;
  oauthCode?: string;
} {
  const storage = storageFailure(error);
  if (storage !== undefined) {
    return {
      status: storage.status,
      message: storage.message,
      oauthCode: storage.oauthCode,
    };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message };
  }
  if (error.validation) {
    // Fastify's own wording, e.g. "body/project_id must be string".
    const allowed = error.validation[0]?.params.allowedValues;
    return {
      status: 400,
      message: Array.isArray(allowed)
        ? `${error.message}: ${allowed.join(', ')}`
        : error.message,
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 415) {
    // Bad bodies are 400s (§4.2): say which content types are read.
    return { status: 400, message: READABLE_BODIES };
  }
  if (status >= 400 && status < 500) {
    return { status, message: `Bad request: ${error.message}` };
  }
  return { status: 500, message: 'The sandbox failed to answer' };
}

export function answerError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, message, oauthCode } = describe(error);
  if (error instanceof HttpError) {
    reply.headers(error.headers);
  }
  const storage = storageFailure(error);
  if (storage !== undefined) {
    reply.header('Retry-After', String(storage.retryAfterSeconds));
    logStorageFailure(request, storage, error);
  }
  if (status === 500) {
    // The message of an unexpected error names what failed, never a request's values.
    process.stderr.write(
      `sandbox: ${request.method} ${request.url.split('?')[0]} failed: ${error.message}\n`,
    );
  }
  if (request.routeOptions.config?.answersHtml) {
    const title =
      error instanceof HttpError && error.title !== undefined
        ? error.title
        : 'The request cannot be answered';
    return sendHtml(reply, status, errorPage(title, message));
  }
  return reply.status(status).send(errorBody(error, request, status, message, oauthCode));
}

/**
 * The spec's Error object `{error}`; on the token endpoint, RFC 6749 §5.2's
 * `{error: code, error_description}` (what Fastify refuses there, an unread
 * body or a parameter given twice, is an `invalid_request`).
 */
function errorBody(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  status: number,
  message: string,
  oauthCode: string | undefined,
): { error: string; error_description?: string } {
  const code =
    error instanceof HttpError && error.code !== undefined
      ? error.code
      : request.routeOptions.config?.answersOAuthErrors
        ? (oauthCode ?? (status >= 500 ? 'server_error' : 'invalid_request'))
        : undefined;
  return code === undefined
    ? { error: message }
    : { error: code, error_description: message };
}

export function answerNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return reply
    .status(404)
    .send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` });
}

/** The answers Node gives for a request it could not read, in the spec's shape. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request did not arrive whole in time',
  },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};
const NOT_HTTP = { status: 400, message: 'The request is not valid HTTP/1.1' };

/** Writes an `{error}` answer straight to a socket Node took away from Fastify, and closes it. */
function answerOnSocket(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `clientErrorHandler`: a bad request Node refused before any route. */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? NOT_HTTP;
  answerOnSocket(socket, status, message);
}

/** Node's `connect` event: the sandbox is no proxy. */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, 405, 'The sandbox is not a proxy: CONNECT is refused');
}

/** Node's `checkExpectation` event: an `Expect` other than 100-continue. */
export function answerUnmetExpectation(
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const body = JSON.stringify({
    error: `Expect: ${String(request.headers.expect)} cannot be met; send no Expect header`,
  });
  response.writeHead(417, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  response.end(body);
}

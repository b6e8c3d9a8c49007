/**
 * Fastify's and Node's options for the sandbox's server: limits, timeouts,
 * strict validation, and the answers to what never reaches a route.
 */
import type { Server } from 'node:http';
import type { Writable } from 'node:stream';

import type { FastifyHttpOptions } from 'fastify';

import { answerJsonError } from './error-answers';
import { answerClientError } from './socket-answers';

const BODY_LIMIT_BYTES = 1024 * 1024;

export interface Timeouts {
  /** How long a request may take to arrive whole (408 after). */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveTimeoutMs: number;
}

export interface LoggedTo {
  /** Where the sandbox's log goes: pino's JSON lines, one per event. */
  log: Writable;
}

export function serverOptions({
  requestTimeoutMs,
  keepAliveTimeoutMs,
  log,
}: Timeouts & LoggedTo): FastifyHttpOptions<Server> {
  return {
    // Warnings and errors only: failures and recoveries, not every request.
    logger: { level: 'warn', stream: log },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    // A connection on which nothing arrives for this long is dropped without
    // an answer: a backstop, three times the request timeout, so that Node's
    // 408 (checked every connectionsCheckingInterval) always comes first.
    connectionTimeout: requestTimeoutMs * 3,
    keepAliveTimeout: keepAliveTimeoutMs,
    // Node looks for requests over their time this often (30 s by default).
    // Given to Node's server as it is made: set afterwards (as Fastify's own
    // requestTimeout is), Node does not bound a body that trickles in.
    http: {
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      // A request without Host reaches the origin check, which answers it {error}.
      requireHostHeader: false,
    },
    // A value of the wrong type is refused, never converted (["prj_x"] is not "prj_x").
    ajv: { customOptions: { coerceTypes: false } },
    // The longest id a route's schema takes; longer is a 414 {error}.
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot read is answered {error} too.
    frameworkErrors: (error, request, reply) => {
      answerJsonError(error, request, reply);
    },
    // What Node refuses before Fastify sees a request (bad HTTP, huge headers, time out).
    clientErrorHandler: answerClientError,
  };
}

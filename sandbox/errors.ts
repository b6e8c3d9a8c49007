/** Every error answer, in the spec's Error object `{error}` (§7), through one handler. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { sendHtml } from './html';
import { errorPage } from './pages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const READABLE_BODIES =
  'Send the body as application/json or application/x-www-form-urlencoded';

/** SQLITE_BUSY: another connection held a lock for longer than the busy timeout. */
const SQLITE_BUSY = 5;

function isDatabaseBusy(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    (error.errcode as number) % 256 === SQLITE_BUSY
  );
}

function describe(error: FastifyError | HttpError): { status: number; message: string } {
  if (isDatabaseBusy(error)) {
    return {
      status: 503,
      message: 'The sandbox database is locked by another connection: try again',
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
  const { status, message } = describe(error);
  if (status === 500) {
    // The message of an unexpected error names what failed, never a request's values.
    process.stderr.write(
      `sandbox: ${request.method} ${request.url.split('?')[0]} failed: ${error.message}\n`,
    );
  }
  if (request.routeOptions.config.answersHtml) {
    return sendHtml(reply, status, errorPage('The request cannot be answered', message));
  }
  return reply.status(status).send({ error: message });
}

export function answerNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return reply
    .status(404)
    .send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * The two error answers a plugin can choose for its routes: the spec's Error
 * object `{error}` (service-interface.md#errors), the default, and an HTML page, for the routes a
 * browser opens. The OAuth endpoints have their own (`oauth/errors.ts`).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { sendHtml } from './html';
import { HttpError } from './http-error';
import type { RouteMethods } from './route-methods';
import { logStorageFailure, storageFailure } from './storage-failure';
import { errorPage } from '../pages/error';

const READABLE_BODIES =
  'Send the body as application/json or application/x-www-form-urlencoded';
const FORM = 'application/x-www-form-urlencoded';
const MIB = 1024 * 1024;

/** A size as a person reads it: "1 MiB", or bytes when it is not whole mebibytes. */
function sizeInWords(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}

/**
 * The parameter a validation error is about, when it was sent more than
 * once: a query string or a form gives a repeated name as a list where the
 * schema asks for one value. (A list in JSON is a value of the wrong type.)
 */
export function repeatedParameter(
  error: FastifyError | HttpError,
  request: FastifyRequest,
): string | undefined {
  if (!('validation' in error) || error.validation?.[0]?.keyword !== 'type') {
    return undefined;
  }
  const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
  const sent =
    error.validationContext === 'querystring'
      ? request.query
      : error.validationContext === 'body' && isForm
        ? request.body
        : undefined;
  const name = error.validation[0].instancePath.slice(1);
  const value =
    typeof sent === 'object' && sent !== null
      ? (sent as Record<string, unknown>)[name]
      : undefined;
  return Array.isArray(value) ? name : undefined;
}

export interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/**
 * What an error means to the client: its status, its sentence and its
 * headers. A failure of the store or of the sandbox itself is logged here.
 */
export function errorAnswer(
  error: FastifyError | HttpError,
  request: FastifyRequest,
): ErrorAnswer {
  const storage = storageFailure(error);
  if (storage !== undefined) {
    logStorageFailure(request, storage, error);
    return {
      status: storage.status,
      message: storage.message,
      headers: { 'Retry-After': String(storage.retryAfterSeconds) },
    };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message, headers: error.headers };
  }
  if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      message: `The body is larger than ${sizeInWords(request.routeOptions.bodyLimit)}, the most the sandbox reads: send a smaller one`,
      headers: {},
    };
  }
  const repeated = repeatedParameter(error, request);
  if (repeated !== undefined) {
    return {
      status: 400,
      message: `${repeated} was sent more than once: send each parameter once`,
      headers: {},
    };
  }
  if (error.validation) {
    // Fastify's own wording, e.g. "body/project_id must be string".
    const allowed = error.validation[0]?.params.allowedValues;
    return {
      status: 400,
      message: Array.isArray(allowed)
        ? `${error.message}: ${allowed.join(', ')}`
        : error.message,
      headers: {},
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 415) {
    // Bad bodies are 400s (service-interface.md#webhooks): say which content types are read.
    return { status: 400, message: READABLE_BODIES, headers: {} };
  }
  if (status >= 400 && status < 500) {
    return { status, message: `Bad request: ${error.message}`, headers: {} };
  }
  // The message of an unexpected error names what failed, never a request's values.
  request.log.error(
    `${request.method} ${request.url.split('?')[0]} failed: ${error.message}`,
  );
  return { status: 500, message: 'The sandbox failed to answer', headers: {} };
}

/** The spec's Error object `{error}`: every route's answer unless its plugin says otherwise. */
export function answerJsonError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, message, headers } = errorAnswer(error, request);
  return reply.status(status).headers(headers).send({ error: message });
}

/** An error page, for the routes a browser opens. */
export function answerHtmlError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, message, headers } = errorAnswer(error, request);
  const title =
    error instanceof HttpError && error.title !== undefined
      ? error.title
      : 'The request cannot be answered';
  return sendHtml(reply.headers(headers), status, errorPage(title, message));
}

/**
 * The answer to a request no route takes: `405` with `Allow` when its path is
 * served with other methods (RFC 9110 §15.5.6), else `404`.
 */
export function answerUnrouted(routeMethods: RouteMethods) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routeMethods.allowed(path);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send({
          error: `${request.method} is not allowed on ${path}: it takes ${allowed.join(', ')}`,
        });
    }
    return reply.status(404).send({ error: `No route for ${request.method} ${path}` });
  };
}

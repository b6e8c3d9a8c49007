/**
 * OAuth 2.0's errors, one factory per RFC 6749 code, thrown by the OAuth
 * routes and answered by their plugins' error handlers: at the token
 * endpoint as RFC 6749 §5.2's JSON `{error: code, error_description}`; at the
 * authorization endpoint sent back to the client's redirect URI (RFC 6749 §4.1.2.1)
 * when the code is one the client may hear there and the redirect URI is
 * known to be the client's, else shown to the person as an error page.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { answerHtmlError, errorAnswer, HttpError, repeatedParameter } from '../http';
import { logStorageFailure, storageFailure } from '../http/storage-failure';

/** RFC 6749 §4.1.2.1: the codes the authorization endpoint sends back to the client. */
const REDIRECTABLE = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
] as const;

/** RFC 6749 §5.2: the token endpoint's own codes (with invalid_request, unauthorized_client, invalid_scope). */
type TokenEndpointOnly = 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

export type OAuthErrorCode = (typeof REDIRECTABLE)[number] | TokenEndpointOnly;

/** The one HTTP authentication scheme the token endpoint takes (RFC 6749 §2.3.1). */
export const BASIC_CHALLENGE = 'Basic realm="landing-page-sandbox", charset="UTF-8"';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
    readonly statusCode: number = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  /** Whether the client may hear it at its redirect URI (RFC 6749 §4.1.2.1). */
  get mayRedirect(): boolean {
    return (REDIRECTABLE as readonly string[]).includes(this.code);
  }
}

export const invalidRequest = (description: string) =>
  new OAuthError('invalid_request', description);

/** The client could not be authenticated: 401, with the Basic challenge (RFC 9110 §15.5.2). */
export const invalidClient = (description: string) =>
  new OAuthError('invalid_client', description, 401, {
    'WWW-Authenticate': BASIC_CHALLENGE,
  });

export const invalidGrant = (description: string) =>
  new OAuthError('invalid_grant', description);

export const unsupportedGrantType = (description: string) =>
  new OAuthError('unsupported_grant_type', description);

export const unsupportedResponseType = (description: string) =>
  new OAuthError('unsupported_response_type', description);

export const invalidScope = (description: string) =>
  new OAuthError('invalid_scope', description);

export const accessDenied = (description: string) =>
  new OAuthError('access_denied', description, 403);

/** The store failed (an I/O error): `status` 503 with Retry-After, for it passes. */
export const serverError = (
  description: string,
  status = 500,
  retryAfterSeconds?: number,
) =>
  new OAuthError(
    'server_error',
    description,
    status,
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
  );

/** The store cannot take it now (locked, or full: 507). */
export const temporarilyUnavailable = (
  description: string,
  retryAfterSeconds: number,
  status = 503,
) =>
  new OAuthError('temporarily_unavailable', description, status, {
    'Retry-After': String(retryAfterSeconds),
  });

type ThrownAtOAuth = FastifyError | HttpError | OAuthError;

/** Where RFC 6749 says an endpoint's parameters "MUST NOT be included more than once". */
const PARAMETERS_SECTION = { authorization: '§3.1', token: '§3.2' } as const;

/**
 * A parameter sent more than once, as the endpoint's `invalid_request`
 * (§4.1.2.1, §5.2): Fastify refuses it as a list where one string is due.
 */
function sentMoreThanOnce(
  error: ThrownAtOAuth,
  request: FastifyRequest,
  endpoint: keyof typeof PARAMETERS_SECTION,
): OAuthError | undefined {
  const repeated =
    error instanceof OAuthError ? undefined : repeatedParameter(error, request);
  return repeated === undefined
    ? undefined
    : invalidRequest(
        `${repeated} was sent more than once: parameters must not be included more than ` +
          `once (RFC 6749 ${PARAMETERS_SECTION[endpoint]})`,
      );
}

/**
 * What the request's schema refused (a value too long, of another type), as
 * `invalid_request`; undefined for any other error.
 */
function refusedBySchema(error: ThrownAtOAuth): OAuthError | undefined {
  if (error instanceof OAuthError || !('validation' in error) || !error.validation) {
    return undefined;
  }
  const [first] = error.validation;
  const name = first?.instancePath.slice(1) ?? '';
  const limit = first?.params.limit;
  return invalidRequest(
    first?.keyword === 'maxLength' && name !== ''
      ? `${name} is longer than the ${String(limit)} characters the sandbox takes`
      : error.message,
  );
}

/**
 * The OAuth error an error is: itself, or what the store's failure (logged
 * here) or Fastify's refusal of the request means in RFC 6749's words.
 */
function asOAuthError(error: ThrownAtOAuth, request: FastifyRequest): OAuthError {
  if (error instanceof OAuthError) {
    return error;
  }
  const storage = storageFailure(error);
  if (storage !== undefined) {
    logStorageFailure(request, storage, error);
    const { message, retryAfterSeconds, status } = storage;
    return storage.oauthCode === 'server_error'
      ? serverError(message, status, retryAfterSeconds)
      : temporarilyUnavailable(message, retryAfterSeconds, status);
  }
  // What Fastify refused (an unread body, a parameter given twice), or a failure of the sandbox.
  const { status, message, headers } = errorAnswer(error, request);
  return new OAuthError(
    status >= 500 ? 'server_error' : 'invalid_request',
    message,
    status,
    headers,
  );
}

/** The token endpoint's error handler: RFC 6749 §5.2's JSON. */
export function answerTokenError(
  error: ThrownAtOAuth,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const oauth = asOAuthError(sentMoreThanOnce(error, request, 'token') ?? error, request);
  return reply
    .status(oauth.statusCode)
    .headers(oauth.headers)
    .send({ error: oauth.code, error_description: oauth.message });
}

/** Where the authorization endpoint may send an error back: the request's checked client's redirect URI. */
export interface RedirectTarget {
  redirectUri: string;
  state?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the authorization endpoint may send this request's errors back, once checked. */
    redirectTarget: RedirectTarget | null;
  }
}

export function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string>,
): FastifyReply {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, value);
  }
  return reply.redirect(url.toString(), 302);
}

/**
 * The authorization endpoint's error handler: back to the client when the
 * request's redirect URI is checked and the code may go there, with the
 * state; otherwise an error page for the person. What the request's schema
 * refuses (a parameter repeated, too long) goes back as `invalid_request`.
 */
export function answerAuthorizationError(
  thrown: ThrownAtOAuth,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const error =
    sentMoreThanOnce(thrown, request, 'authorization') ??
    refusedBySchema(thrown) ??
    thrown;
  const target = request.redirectTarget;
  const sendBack =
    target !== null &&
    (error instanceof OAuthError
      ? error.mayRedirect
      : storageFailure(error) !== undefined);
  if (!sendBack) {
    const page =
      error instanceof OAuthError
        ? new HttpError(error.statusCode, error.message)
        : error;
    return answerHtmlError(page, request, reply);
  }
  const oauth = asOAuthError(error, request);
  return redirectWith(reply, target.redirectUri, {
    error: oauth.code,
    error_description: oauth.message,
    ...(target.state === undefined ? {} : { state: target.state }),
  });
}

/**
 * The one place where a failed answer from the landing-page service becomes a
 * sentence a marketer can act on. Every message says what was being done,
 * what the service answered, and what to do next; none contains a token, an
 * authorization code or the client secret.
 */
import { errors } from 'zapier-platform-core';
import type { AfterResponseMiddleware, Bundle, HttpResponse } from 'zapier-platform-core';

import type { ServiceErrorBody } from './api';
import { isJsonObject } from './json';

const SERVICE = 'the landing-page service';
const GENERIC_ACTION = `talking to ${SERVICE}`;
const MAX_QUOTED_LENGTH = 300;

/** Requests name what they do through `middlewareData.action`, e.g. "creating the New Lead webhook". */
function actionOf(response: HttpResponse): string {
  const action: unknown = response.request.middlewareData?.action;
  return typeof action === 'string' && action !== '' ? action : GENERIC_ACTION;
}

/**
 * Values that must never reach a message: the connection's tokens, the
 * client secret, and whatever the current step was given as a code or
 * verifier.
 */
function secretsOf(bundle: Bundle | undefined): string[] {
  const candidates: unknown[] = [
    ...Object.values(bundle?.authData ?? {}),
    bundle?.inputData?.code,
    bundle?.inputData?.code_verifier,
    process.env.CLIENT_SECRET,
  ];
  return candidates.filter(
    (value): value is string => typeof value === 'string' && value.length >= 4,
  );
}

export function redact(text: string, bundle: Bundle | undefined): string {
  return secretsOf(bundle).reduce(
    (redacted, secret) => redacted.split(secret).join('[redacted]'),
    text,
  );
}

/**
 * The error codes of OAuth (RFC 6749 §4.1.2.1 and §5.2, RFC 6750 §3.1) in
 * words, for a service that sends a code without a description.
 */
const OAUTH_ERROR_CODES: Readonly<Record<string, string>> = {
  invalid_request: 'the request was incomplete or malformed',
  invalid_client: 'the integration’s OAuth client was not recognised',
  invalid_grant:
    'the authorization code or refresh token is invalid, expired, revoked or was already used',
  unauthorized_client: 'the integration is not allowed to connect this way',
  unsupported_grant_type: 'the service does not support this way of connecting',
  invalid_scope: 'the service refused the permissions the integration asks for',
  access_denied: 'access was denied',
  unsupported_response_type: 'the service does not support this way of connecting',
  server_error: 'the service had an internal error',
  temporarily_unavailable: 'the service is temporarily unavailable',
  invalid_token: 'the access token is invalid or has expired',
  insufficient_scope: 'the connection lacks a permission this step needs',
};

/** `invalid_grant`: a code, not a sentence. */
const ERROR_CODE = /^[a-z]+(?:_[a-z]+)+$/;
/** `invalid_grant: the code has expired`: a code before the sentence, in one string. */
const CODE_THEN_SENTENCE = /^([a-z]+(?:_[a-z]+)+):\s*(\S[\s\S]*)$/;

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== ''
    ? value.replace(/\s+/g, ' ').trim()
    : undefined;
}

/**
 * What an error says, from either shape: the spec's sentence in `error`
 * (service-interface.md#errors), or an OAuth code in `error` with the sentence in `error_description`
 * (RFC 6749 §5.2). The description when there is one; a code alone in words;
 * never a bare code such as `invalid_grant`.
 */
export function errorExplanation(
  error: unknown,
  description: unknown,
): string | undefined {
  const said = textOf(error);
  const described = textOf(description);
  if (said !== undefined && ERROR_CODE.test(said)) {
    return described ?? OAUTH_ERROR_CODES[said] ?? said;
  }
  const sentence =
    said === undefined ? undefined : (CODE_THEN_SENTENCE.exec(said)?.[2] ?? said);
  const parts = [sentence, described].filter(
    (part): part is string => part !== undefined,
  );
  return parts.length === 0 ? undefined : parts.join(': ');
}

/** What the service said in an error answer, readable (see `errorExplanation`), or nothing. */
export function serviceMessage(response: HttpResponse): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(response.content) as unknown;
  } catch {
    return undefined;
  }
  if (!isJsonObject(body)) {
    return undefined;
  }
  const { error, error_description: description } = body as Partial<
    Record<keyof ServiceErrorBody | 'error_description', unknown>
  >;
  const text = errorExplanation(error, description);
  if (text === undefined) {
    return undefined;
  }
  return text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text;
}

function contentTypeOf(response: HttpResponse): string {
  return (response.getHeader('content-type') ?? 'no content type').split(';')[0]!.trim();
}

const PAID_PLAN_WORDING =
  /\b(paid|free|upgrade)\b.*\bplans?\b|\bplans?\b.*\b(paid|upgrade)\b/i;

/** Whether what the service said is that the project's plan does not include OAuth. */
export function saysPaidPlanIsNeeded(said: string | undefined): boolean {
  return said !== undefined && PAID_PLAN_WORDING.test(said);
}

/** OAuth is a paid-plan feature (service-interface.md#access); the spec does not say how the refusal is worded. */
export function isPaidPlanRefusal(response: HttpResponse): boolean {
  return response.status === 402 || saysPaidPlanIsNeeded(serviceMessage(response));
}

export type FailureCode =
  | 'paid_plan_required'
  | 'access_refused'
  | 'service_busy'
  | 'service_error'
  | 'service_unavailable'
  | 'service_unreachable'
  | 'token_request_refused'
  | 'unreadable_answer'
  | 'unreadable_delivery';

function failure(message: string, code: FailureCode, status?: number): Error {
  return new errors.Error(message, code, status);
}

/**
 * The 4xx answers that say "not now" rather than "no": a timeout, a conflict,
 * a lock, too early (RFC 9110, RFC 4918, RFC 8470). Zapier treats them as
 * temporary, as it does 429 and 5xx, and never marks a connection stale for
 * them (its rule of 2025-09-08 for refreshing tokens).
 */
export const TEMPORARY_CLIENT_ERRORS: ReadonlySet<number> = new Set([408, 409, 423, 425]);

/** The OAuth `error` code of a token endpoint's answer (RFC 6749 §5.2), if it has one. */
export function oauthErrorCode(response: HttpResponse): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(response.content) as unknown;
  } catch {
    return undefined;
  }
  const said = isJsonObject(body) ? textOf(body.error) : undefined;
  if (said === undefined) {
    return undefined;
  }
  const code = ERROR_CODE.test(said) ? said : CODE_THEN_SENTENCE.exec(said)?.[1];
  return code !== undefined && code in OAUTH_ERROR_CODES ? code : undefined;
}

/**
 * The codes of RFC 6749 §5.2 that refuse the integration's request, not the
 * user's grant: the integration's OAuth settings or code are wrong, and
 * connecting again cannot help.
 */
const CLIENT_REFUSALS = new Set([
  'invalid_request',
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/** A token request the service refused for what the integration sent, not for the user's grant. */
export function tokenRequestRefused(
  response: HttpResponse,
  bundle?: Bundle,
): Error | undefined {
  const code = oauthErrorCode(response);
  if (code === undefined || !CLIENT_REFUSALS.has(code)) {
    return undefined;
  }
  const said = serviceMessage(response);
  return failure(
    `${capitalize(SERVICE)} refused the integration's request while ${actionOf(response)} ` +
      `(HTTP ${response.status}: "${redact(said ?? code, bundle)}"). This is a problem in the ` +
      "integration's OAuth settings, not in your account: please contact the integration's " +
      'maintainers.',
    'token_request_refused',
    response.status,
  );
}

/**
 * A request that got no answer at all (refused connection, reset, timeout,
 * name not found), in words: temporary, and no status, so that Zapier retries
 * and never takes it for a refusal.
 */
export function unreachableService(
  error: unknown,
  action: string,
  bundle?: Bundle,
): Error {
  const code =
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
      ? ` (${error.code})`
      : '';
  const reason = redact(
    error instanceof Error ? error.message : String(error),
    bundle,
  ).slice(0, 200);
  return failure(
    `Zapier could not reach ${SERVICE} while ${action}${code}: ${reason}. This is usually ` +
      'temporary: try again in a few minutes.',
    'service_unreachable',
  );
}

/** `send`'s response; a request that got no answer becomes `unreachableService`. */
export async function orUnreachable<T>(
  send: () => Promise<T>,
  action: string,
  bundle?: Bundle,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw isNetworkFailure(error) ? unreachableService(error, action, bundle) : error;
  }
}

/** Whether a thrown error is a request that got no answer, as opposed to one of core's verdicts. */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) {
    return false;
  }
  const code = 'code' in error ? error.code : undefined;
  return (
    error.name === 'FetchError' ||
    error.name === 'AbortError' ||
    (typeof code === 'string' && /^E[A-Z_]+$/.test(code))
  );
}

/** The error for a response with status 400 or more. */
export function failureFor(response: HttpResponse, bundle?: Bundle): Error {
  const { status } = response;
  const action = actionOf(response);
  const said = serviceMessage(response);
  const quoted =
    said === undefined ? '' : ` The service said: "${redact(said, bundle)}".`;

  if (isPaidPlanRefusal(response)) {
    return failure(
      `Connecting through OAuth needs a paid plan: ${SERVICE} refused while ${action} because ` +
        `the project is on the free plan (HTTP ${status}).${quoted} Upgrade the project to a ` +
        'paid plan in the landing-page service, then connect again.',
      'paid_plan_required',
      status,
    );
  }
  if (status >= 500) {
    return failure(
      `${capitalize(SERVICE)} had a problem while ${action} (HTTP ${status}).${quoted} ` +
        'This is usually temporary: try again in a few minutes.',
      'service_unavailable',
      status,
    );
  }
  if (TEMPORARY_CLIENT_ERRORS.has(status)) {
    return failure(
      `${capitalize(SERVICE)} could not finish while ${action} just now (HTTP ${status}).` +
        `${quoted} This is usually temporary: try again in a few minutes.`,
      'service_busy',
      status,
    );
  }
  if (said === undefined) {
    return failure(
      `${capitalize(SERVICE)} refused while ${action} (HTTP ${status}) and sent no ` +
        `explanation (${contentTypeOf(response)}). Try again; if it keeps failing, reconnect ` +
        'your landing-page account.',
      'service_error',
      status,
    );
  }
  if (status === 403) {
    return failure(
      `${capitalize(SERVICE)} refused access while ${action} (HTTP 403).${quoted} Reconnect ` +
        'your landing-page account and approve every permission the app asks for.',
      'access_refused',
      status,
    );
  }
  return failure(
    `${capitalize(SERVICE)} returned an error while ${action} (HTTP ${status}).${quoted}`,
    'service_error',
    status,
  );
}

/** The connection cannot be renewed: Zapier asks the user to reconnect. */
export function expiredConnection(reason: string): Error {
  return new errors.ExpiredAuthError(
    `Your landing-page connection has expired or was revoked: ${reason}. Reconnect your ` +
      'landing-page account in Zapier so your Zaps keep receiving leads.',
  );
}

/** The error for a successful status whose body is not the JSON the spec promises. */
export function unreadableAnswer(response: HttpResponse, action: string): Error {
  const body = response.content.trim() === '' ? 'an empty body' : contentTypeOf(response);
  return failure(
    `${capitalize(SERVICE)} answered while ${action} with something that is not the expected ` +
      `JSON (HTTP ${response.status}, ${body}). Check that the integration points at the ` +
      'right address, or try again later.',
    'unreadable_answer',
    response.status,
  );
}

/**
 * A webhook delivery that holds no lead New Lead can read. A core
 * `errors.Error` on purpose: the run shows as errored in the Zap history with
 * this message and Zapier tells the user, because something the service sent
 * did not become a lead. (`HaltedError` would file it quietly as "halted";
 * a plain `Error` would show an engine message.)
 */
export function unreadableDelivery(problem: string): Error {
  return new errors.Error(
    `The landing-page service sent a delivery that the New Lead trigger cannot read: ${problem}. ` +
      'Nothing was passed on to the Zap from this delivery; its details are in the Zap ' +
      'history so it can be checked.',
    'unreadable_delivery',
  );
}

/**
 * What arrived, by type and size only: the contents of a delivery never go
 * into a message (they may hold anything, tokens included).
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) {
    return 'nothing (null)';
  }
  if (typeof value === 'string') {
    return `text of ${value.length} character${value.length === 1 ? '' : 's'}`;
  }
  if (Array.isArray(value)) {
    return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (typeof value === 'object') {
    const size = Object.keys(value).length;
    return size === 0 ? 'an empty object' : `an object with ${size} fields`;
  }
  return typeof value === 'number' ? 'a number' : `a ${typeof value}`;
}

/**
 * After every response: statuses of 400 and more become a clear error.
 * Core has already turned 401 into a token refresh and 429 into a throttled
 * retry (honouring `Retry-After`) by the time this runs. A request that set
 * `skipThrowForStatus` handles its statuses itself.
 */
export const throwForFailedResponse: AfterResponseMiddleware = (response, _z, bundle) => {
  if (response.status >= 400 && !response.skipThrowForStatus) {
    throw failureFor(response, bundle);
  }
  return response;
};

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one sandbox client: what the run, the tests and the benchmarks ask the
 * sandbox over HTTP, as a person or an OAuth client would. Connect (consent,
 * code exchange), present a refresh token, submit a lead, read the listings
 * page by page. Never reads the sandbox's store. Failures name what was asked
 * and the status, never a token, a secret or a code.
 */
import { INVOKE_REDIRECT_URI } from '../sandbox/seed';
import type { DeliveryAttempt, StoredLead, Webhook } from '../sandbox/store';
import { clickApprove, pkcePair } from './consent';
import { eventually } from './eventually';

/** Where a sandbox answers, and the OAuth client that talks to it. */
export interface SandboxAddress {
  /** The OAuth host, `APP_URL`: `/oauth`, `/api/oauth`, `/api`, `/_sandbox`. */
  appUrl: string;
  client: { id: string; secret: string };
  /** How requests reach it: `fetch` over HTTP unless a test injects them (`server.inject`). */
  fetch?: typeof fetch;
}

function send(
  sandbox: SandboxAddress,
  path: string,
  init: RequestInit,
): Promise<Response> {
  return (sandbox.fetch ?? fetch)(`${sandbox.appUrl}${path}`, init);
}

/** The redirect URI the seeded client has for `zapier-platform invoke`: the tests' and benches'. */
export const REDIRECT_URI = INVOKE_REDIRECT_URI;

export function get(
  sandbox: SandboxAddress,
  path: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(sandbox, path, { headers, redirect: 'manual' });
}

export function postForm(
  sandbox: SandboxAddress,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  return send(sandbox, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

export function postJson(
  sandbox: SandboxAddress,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(sandbox, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The body of an answer that must have `expected` status; otherwise an error naming `what`. */
export async function bodyOf<T>(
  response: Response,
  expected: number,
  what: string,
): Promise<T> {
  if (response.status !== expected) {
    await response.body?.cancel();
    throw new Error(`${what}: the sandbox answered HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

// ---- OAuth, as a client connects -------------------------------------------

export function authorizeParams(
  sandbox: SandboxAddress,
  overrides: Record<string, string | undefined> = {},
): URLSearchParams {
  const params: Record<string, string | undefined> = {
    client_id: sandbox.client.id,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'user.read,leads.read',
    state: 'state-123',
    ...overrides,
  };
  return new URLSearchParams(
    Object.entries(params).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

export interface AuthorizationGrant {
  code: string;
  verifier?: string;
  /** The client that asked, when not the sandbox's seeded one. */
  client?: { id: string; secret: string };
}

export interface ConnectOptions {
  pkce?: boolean;
  scope?: string;
  client?: { id: string; secret: string };
  /** The signed-in user (the sandbox's `as`), when not the default. */
  as?: string;
}

/** Opens the consent page and clicks Approve, as a browser would: the code (and PKCE's verifier). */
export async function getAuthorizationCode(
  sandbox: SandboxAddress,
  options: ConnectOptions = {},
): Promise<AuthorizationGrant> {
  const pkce = options.pkce ? pkcePair() : undefined;
  const params = authorizeParams(sandbox, {
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.client ? { client_id: options.client.id } : {}),
    ...(options.as ? { as: options.as } : {}),
    ...(pkce ? { code_challenge: pkce.challenge, code_challenge_method: 'S256' } : {}),
  });
  const { code } = await clickApprove(
    new URL(`${sandbox.appUrl}/oauth/authorize?${params.toString()}`),
    REDIRECT_URI,
    sandbox.fetch,
  );
  return {
    code,
    ...(pkce ? { verifier: pkce.verifier } : {}),
    ...(options.client ? { client: options.client } : {}),
  };
}

/** The code exchange: the secret in the body, or PKCE's verifier. */
export function exchange(
  sandbox: SandboxAddress,
  approval: AuthorizationGrant,
  extra: Record<string, string> = {},
): Promise<Response> {
  const client = approval.client ?? sandbox.client;
  return postForm(sandbox, '/api/oauth/token', {
    grant_type: 'authorization_code',
    code: approval.code,
    redirect_uri: REDIRECT_URI,
    client_id: client.id,
    ...(approval.verifier
      ? { code_verifier: approval.verifier }
      : { client_secret: client.secret }),
    ...extra,
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** A connected user's tokens, through consent and the code exchange. */
export async function connect(
  sandbox: SandboxAddress,
  options: ConnectOptions = {},
): Promise<Tokens> {
  const response = await exchange(sandbox, await getAuthorizationCode(sandbox, options));
  return bodyOf<Tokens>(response, 200, 'the code exchange');
}

export function bearer(tokens: Pick<Tokens, 'access_token'>): Record<string, string> {
  return { Authorization: `Bearer ${tokens.access_token}` };
}

/** Presents a refresh token at the token endpoint; the HTTP status it got. */
export async function presentRefreshToken(
  sandbox: SandboxAddress,
  refreshToken: string,
  pkce: boolean,
): Promise<number> {
  const response = await postForm(sandbox, '/api/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: sandbox.client.id,
    ...(pkce ? {} : { client_secret: sandbox.client.secret }),
  });
  await response.body?.cancel();
  return response.status;
}

// ---- Webhooks, as the app subscribes ----------------------------------------

/** POST /api/webhook: the raw answer. */
export function createWebhook(
  sandbox: SandboxAddress,
  body: unknown,
  headers: Record<string, string>,
): Promise<Response> {
  return postJson(sandbox, '/api/webhook', body, headers);
}

/** DELETE /api/webhook/<id>: the raw answer. */
export function deleteWebhook(
  sandbox: SandboxAddress,
  id: string,
  headers: Record<string, string>,
): Promise<Response> {
  return send(sandbox, `/api/webhook/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers,
  });
}

/** A webhook sending lead.created to `url`; its id. */
export async function subscribeHook(
  sandbox: SandboxAddress,
  tokens: Pick<Tokens, 'access_token'>,
  url: string,
): Promise<string> {
  const response = await createWebhook(
    sandbox,
    { url, triggers: ['lead.created'] },
    bearer(tokens),
  );
  return (await bodyOf<{ id: string }>(response, 201, 'creating a webhook')).id;
}

// ---- Leads and what the sandbox holds ----------------------------------------

export interface SubmittedLead {
  lead: StoredLead;
  /** The id of each delivery the lead set off, one per webhook. */
  deliveries: string[];
}

/** Submits a lead on a landing page, as a visitor's form does. */
export async function submitLead(
  sandbox: SandboxAddress,
  lead: Record<string, unknown>,
): Promise<SubmittedLead> {
  return bodyOf<SubmittedLead>(
    await postJson(sandbox, '/_sandbox/leads', lead),
    201,
    'submitting a lead',
  );
}

type Listed<T> = T extends 'leads'
  ? StoredLead[]
  : T extends 'webhooks'
    ? Webhook[]
    : DeliveryAttempt[];

/** Pages a listing follows at most, by its `Link: <…>; rel="next"`. */
const MAX_PAGES = 100;

/** What the sandbox holds, read as a client would: over HTTP, every page of it. */
export async function listed<T extends 'leads' | 'webhooks' | 'deliveries'>(
  sandbox: SandboxAddress,
  what: T,
  query = '',
): Promise<Listed<T>> {
  const items: unknown[] = [];
  let path: string | undefined = `/_sandbox/${what}${query}`;
  for (let pages = 0; path !== undefined; pages += 1) {
    if (pages === MAX_PAGES) {
      throw new Error(`/_sandbox/${what} has more than ${MAX_PAGES} pages`);
    }
    const response = await get(sandbox, path);
    items.push(...(await bodyOf<unknown[]>(response, 200, `listing ${what}`)));
    path = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return items as Listed<T>;
}

/**
 * The answer each delivery attempt of a lead got, in order, once at least
 * `count` attempts are recorded (the sandbox records one when its answer is in).
 */
export async function deliveryAnswers(
  sandbox: SandboxAddress,
  leadId: string,
  count: number,
  timeoutMs = 5000,
): Promise<(number | null)[]> {
  const query = `?${new URLSearchParams({ lead_id: leadId }).toString()}`;
  const attempts = await eventually(
    async () => {
      const recorded = await listed(sandbox, 'deliveries', query);
      return recorded.length >= count ? recorded : undefined;
    },
    { timeoutMs, intervalMs: 50, what: `${count} delivery attempt(s) of lead ${leadId}` },
  );
  return attempts.map((attempt) => attempt.statusCode);
}

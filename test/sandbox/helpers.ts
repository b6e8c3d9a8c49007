/** Real HTTP against a sandbox on loopback, with a clock the tests can move. */
import { approveConsent, consentIdOf, pkcePair } from '../../lifecycle/consent';
import type { DeliveryAttempt, Lead, OAuthClient, Webhook } from '../../sandbox/store';
import { INVOKE_REDIRECT_URI } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox, SandboxOptions } from '../../sandbox/server';

export interface TestSandbox extends Sandbox {
  /** Moves the sandbox's clock forward. */
  advance(seconds: number): void;
  url(path: string): string;
}

export async function testSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  // Real time, moved forward by advance(): retry delays still pass as they should.
  let offset = 0;
  const sandbox = await startSandbox({ now: () => Date.now() + offset, ...options });
  return Object.assign(sandbox, {
    advance(seconds: number) {
      offset += seconds * 1000;
    },
    url(path: string) {
      return `${sandbox.appUrl}${path}`;
    },
  });
}

export const REDIRECT_URI = INVOKE_REDIRECT_URI;

export function authorizeParams(
  sandbox: Sandbox,
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

export function get(
  sandbox: TestSandbox,
  path: string,
  headers: Record<string, string> = {},
) {
  return fetch(sandbox.url(path), { headers, redirect: 'manual' });
}

export function postForm(
  sandbox: TestSandbox,
  path: string,
  fields: Record<string, string>,
) {
  return fetch(sandbox.url(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

export function postJson(
  sandbox: TestSandbox,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(sandbox.url(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export const consentId = consentIdOf;

/** The redirect's query, from a 302 answer. */
export function redirectQuery(response: Response): Record<string, string> {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  expect(`${location.origin}${location.pathname}`).toBe(new URL(REDIRECT_URI).href);
  return Object.fromEntries(location.searchParams);
}

export interface Approval {
  code: string;
  verifier?: string;
  /** The client that asked, when not the seeded one. */
  client?: OAuthClient;
}

export interface ConnectOptions {
  pkce?: boolean;
  scope?: string;
  client?: OAuthClient;
  /** The signed-in user (the sandbox's `as`), when not the default. */
  as?: string;
}

/** Opens the consent page and clicks Approve, as a browser would. */
export async function approve(
  sandbox: TestSandbox,
  options: ConnectOptions = {},
): Promise<Approval> {
  const pkce = options.pkce ? pkcePair() : undefined;
  const params = authorizeParams(sandbox, {
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.client ? { client_id: options.client.id } : {}),
    ...(options.as ? { as: options.as } : {}),
    ...(pkce ? { code_challenge: pkce.challenge, code_challenge_method: 'S256' } : {}),
  });
  const { code } = await approveConsent(
    new URL(sandbox.url(`/oauth/authorize?${params.toString()}`)),
    REDIRECT_URI,
  );
  return {
    code,
    ...(pkce ? { verifier: pkce.verifier } : {}),
    ...(options.client ? { client: options.client } : {}),
  };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export async function exchange(
  sandbox: TestSandbox,
  approval: Approval,
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

/** A connected user's tokens, through consent and exchange. */
export async function connect(
  sandbox: TestSandbox,
  options: ConnectOptions = {},
): Promise<Tokens> {
  const response = await exchange(sandbox, await approve(sandbox, options));
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

export function bearer(tokens: Tokens): Record<string, string> {
  return { Authorization: `Bearer ${tokens.access_token}` };
}

type Listed<T> = T extends 'leads'
  ? Lead[]
  : T extends 'webhooks'
    ? Webhook[]
    : DeliveryAttempt[];

/** Pages a listing follows at most, by its `Link: <…>; rel="next"`. */
const MAX_PAGES = 100;

/** What the sandbox holds, read as a client would: over HTTP, every page of it. */
export async function listed<T extends 'leads' | 'webhooks' | 'deliveries'>(
  sandbox: TestSandbox,
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
    expect(response.status).toBe(200);
    items.push(...((await response.json()) as unknown[]));
    path = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return items as Listed<T>;
}

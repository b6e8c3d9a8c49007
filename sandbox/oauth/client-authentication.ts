/**
 * Client authentication at the token endpoint (RFC 6749 §2.3): the client
 * secret in the body (`client_secret_post`) or with HTTP Basic
 * (`client_secret_basic`, which RFC 6749 §2.3.1 says a server MUST support), or none:
 * a public client only names itself with `client_id` and proves the grant
 * with its PKCE verifier. The secret is compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';

import type { RegisteredClient, Store } from '../store';
import { invalidClient, invalidRequest } from './errors';

/** Who the client says it is, and the secret it showed, if any. */
export interface PresentedClient {
  clientId: string | undefined;
  /** From the body or from Basic; an empty secret is no secret. */
  secret: string | undefined;
}

const BASIC = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i;
const MALFORMED_BASIC =
  'The Authorization header must be Basic <base64 of client_id:client_secret> (RFC 6749 §2.3.1)';

/** RFC 6749 §2.3.1: both halves are form-urlencoded before they are joined and encoded. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replaceAll('+', ' '));
}

function basicCredentials(header: string): PresentedClient {
  const scheme = header.trim().split(/\s/, 1)[0] ?? '';
  if (scheme.toLowerCase() !== 'basic') {
    throw invalidClient(
      `The token endpoint takes HTTP Basic client authentication only, not ${scheme.slice(0, 20) || 'an empty scheme'}`,
    );
  }
  const encoded = BASIC.exec(header)?.[1];
  const decoded =
    encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) {
    throw invalidRequest(MALFORMED_BASIC);
  }
  try {
    const secret = formDecode(decoded.slice(colon + 1));
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      secret: secret === '' ? undefined : secret,
    };
  } catch {
    throw invalidRequest(
      'The client_id and client_secret in the Authorization header must be form-urlencoded (RFC 6749 §2.3.1)',
    );
  }
}

/**
 * The client as the request presents it: from the body, or from the
 * `Authorization: Basic` header. Both may name the client if they agree;
 * a secret shown both ways is two methods, and refused.
 */
export function presentedClient(
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): PresentedClient {
  if (authorization === undefined) {
    return { clientId: body.client_id, secret: body.client_secret };
  }
  const basic = basicCredentials(authorization);
  if (body.client_id !== undefined && body.client_id !== basic.clientId) {
    throw invalidRequest(
      'The client_id in the body differs from the one in the Authorization header',
    );
  }
  if (basic.secret !== undefined && body.client_secret !== undefined) {
    throw invalidRequest(
      'Send exactly one client authentication method: the client secret in the Authorization header or as client_secret, not both',
    );
  }
  return { clientId: basic.clientId, secret: basic.secret ?? body.client_secret };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registered client, its secret checked if one was shown; else 401 `invalid_client`. */
export function authenticateClient(
  store: Store,
  presented: PresentedClient & { clientId: string },
): RegisteredClient {
  const client = store.clientsAndTokens.client(presented.clientId);
  if (client === undefined) {
    throw invalidClient('Unknown client_id');
  }
  if (presented.secret !== undefined && !sameSecret(presented.secret, client.secret)) {
    throw invalidClient('Client authentication failed: wrong client_secret');
  }
  return client;
}

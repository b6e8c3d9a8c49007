/** PKCE (RFC 7636) with S256 only: `plain` is refused. */
import { createHash } from 'node:crypto';

const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{43}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export const PKCE_METHOD = 'S256';

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A challenge as S256 makes it: 43 base64url characters. */
export function isS256Challenge(challenge: string): boolean {
  return BASE64URL_SHA256.test(challenge);
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  return CODE_VERIFIER.test(verifier) && s256(verifier) === challenge;
}

/**
 * The token endpoint's errors as RFC 6749 §5.2 has them: a code in `error`,
 * the sentence in `error_description`; 400, or 401 with a `WWW-Authenticate`
 * challenge when the client could not be authenticated (RFC 9110 §15.5.2).
 */
import { HttpError } from '../http/errors';

export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** The one HTTP authentication scheme the token endpoint takes (RFC 6749 §2.3.1). */
export const BASIC_CHALLENGE = 'Basic realm="landing-page-sandbox", charset="UTF-8"';

/** A 400 with an RFC 6749 §5.2 code, other than `invalid_client`. */
export function tokenError(
  code: Exclude<TokenErrorCode, 'invalid_client'>,
  description: string,
): HttpError {
  return new HttpError(400, description, { code });
}

/** The client could not be authenticated: 401 `invalid_client`, with the Basic challenge. */
export function invalidClient(description: string): HttpError {
  return new HttpError(401, description, {
    code: 'invalid_client',
    headers: { 'WWW-Authenticate': BASIC_CHALLENGE },
  });
}

/** sandbox/oauth/errors.ts: which RFC 6749 codes may go back to a redirect URI, and each answer's shape. */
import {
  accessDenied,
  invalidClient,
  invalidGrant,
  invalidRequest,
  invalidScope,
  serverError,
  temporarilyUnavailable,
  unsupportedGrantType,
  unsupportedResponseType,
} from '../../../sandbox/oauth/errors';

describe('the OAuth error family', () => {
  it.each([
    ['invalid_request', invalidRequest('x'), true, 400],
    ['access_denied', accessDenied('x'), true, 403],
    ['unsupported_response_type', unsupportedResponseType('x'), true, 400],
    ['invalid_scope', invalidScope('x'), true, 400],
    ['server_error', serverError('x'), true, 500],
    ['temporarily_unavailable', temporarilyUnavailable('x', 60, 507), true, 507],
    ['invalid_client', invalidClient('x'), false, 401],
    ['invalid_grant', invalidGrant('x'), false, 400],
    ['unsupported_grant_type', unsupportedGrantType('x'), false, 400],
  ])('%s: may go to the redirect URI %s, HTTP %i', (code, error, mayRedirect, status) => {
    expect(error.code).toBe(code);
    expect(error.mayRedirect).toBe(mayRedirect);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe('x');
  });

  it('challenges with Basic when the client could not be authenticated', () => {
    expect(invalidClient('x').headers).toEqual({
      'WWW-Authenticate': 'Basic realm="landing-page-sandbox", charset="UTF-8"',
    });
  });

  it('says when to try again when the store cannot take the request', () => {
    expect(temporarilyUnavailable('x', 60).headers).toEqual({ 'Retry-After': '60' });
    expect(serverError('x', 503, 30).headers).toEqual({ 'Retry-After': '30' });
  });
});

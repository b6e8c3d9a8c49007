/**
 * Redirect URIs are compared as strings (RFC 6749 §3.1.2.3, RFC 9700 §4.1.3),
 * with one exception: in `http` and `https` an empty path and `/` are the same
 * URL (RFC 3986 §6.2.3), and the redirect the user follows always has the
 * `/`. Nothing else is normalised: not case, port, percent-encoding or dots.
 */
const EMPTY_PATH = /^(https?:\/\/[^/?#]*)(?=[?#]|$)/i;

function withRootPath(uri: string): string {
  return uri.replace(EMPTY_PATH, '$1/');
}

export function sameRedirectUri(a: string, b: string): boolean {
  return a === b || withRootPath(a) === withRootPath(b);
}

export function isRegisteredRedirectUri(
  registered: readonly string[],
  presented: string,
): boolean {
  return registered.some((uri) => sameRedirectUri(uri, presented));
}

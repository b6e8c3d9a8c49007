import type { BeforeRequestMiddleware } from 'zapier-platform-core';

import { TOKEN_PATH } from './oauth-paths';

/** The token endpoint authenticates the client, never the user: it gets no bearer header. */
export function isTokenEndpoint(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, '').endsWith(TOKEN_PATH);
  } catch {
    return false;
  }
}

/** service-interface.md#access: every API request carries `Authorization: Bearer <ACCESS_TOKEN>`. */
export const addBearerToken: BeforeRequestMiddleware = (request, _z, bundle) => {
  const token = bundle.authData?.access_token;
  if (token && !isTokenEndpoint(request.url)) {
    request.headers = { ...request.headers, Authorization: `Bearer ${token}` };
  }
  return request;
};

/** The service answers in JSON; say so, so that errors come back as `{error}` rather than a page. */
export const acceptJson: BeforeRequestMiddleware = (request) => {
  request.headers = { Accept: 'application/json', ...request.headers };
  return request;
};

/**
 * OAuth 2.0 as service-interface.md#oauth describes, as two route plugins: the
 * authorization endpoint a browser opens (under `/oauth`), and the token and
 * userinfo endpoints a client calls (under `/api/oauth`). PKCE S256 (pkce),
 * client authentication, redirect URI matching and the scopes are their own
 * modules.
 */
import type { FastifyPluginAsync } from 'fastify';

import { tokenRoutes } from './token';
import { userinfoRoutes } from './userinfo';

export { authorizeRoutes } from './authorize';

/** `POST /token` and `GET /userinfo`, under `/api/oauth`. */
export const oauthApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(tokenRoutes);
  await app.register(userinfoRoutes);
};

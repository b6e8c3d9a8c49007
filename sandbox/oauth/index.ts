/**
 * OAuth 2.0 as §4.3 to §4.6 and §5 describe: the consent page and codes
 * (authorize), the token endpoint (token), PKCE S256 (pkce), the scopes
 * (scopes), and userinfo.
 */
import type { FastifyInstance } from 'fastify';

import { authorizeRoutes } from './authorize';
import { tokenRoutes } from './token';
import { userinfoRoutes } from './userinfo';

export function oauthRoutes(app: FastifyInstance): void {
  authorizeRoutes(app);
  tokenRoutes(app);
  userinfoRoutes(app);
}

/**
 * The sandbox's route groups, each a Fastify plugin under its prefix:
 *
 *   /oauth       authorize (the consent page)         oauth/authorize.ts
 *   /api/oauth   token, userinfo                      oauth/token.ts, oauth/userinfo.ts
 *   /api         webhook, webhook/:id                  webhooks/routes.ts
 *   /_sandbox    the lead page, leads, listings       leads/routes.ts, overview/routes.ts
 *   /            the address the banner prints: redirects to /_sandbox
 */
import type { FastifyPluginAsync } from 'fastify';

import { REDIRECT } from './http/response-schemas';
import { leadRoutes } from './leads/routes';
import { authorizeRoutes, oauthApiRoutes } from './oauth';
import { overviewRoutes } from './overview/routes';
import { webhookRoutes } from './webhooks/routes';

/** The API base (`BASE_URL` is the app's URL and this). */
export const API_PREFIX = '/api';
/** The lead page and the listings. */
const SANDBOX_PREFIX = '/_sandbox';

const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(oauthApiRoutes, { prefix: '/oauth' });
  await api.register(webhookRoutes);
};

const sandboxRoutes: FastifyPluginAsync = async (sandbox) => {
  await sandbox.register(leadRoutes);
  await sandbox.register(overviewRoutes);
};

export const routes: FastifyPluginAsync = async (app) => {
  await app.register(authorizeRoutes, { prefix: '/oauth' });
  await app.register(apiRoutes, { prefix: API_PREFIX });
  await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX });
  // The banner's address, opened in a browser: the lead page is what there is to see.
  app.get('/', { schema: { response: { 302: REDIRECT } } }, (_request, reply) =>
    reply.redirect(SANDBOX_PREFIX, 302),
  );
};

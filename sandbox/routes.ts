/**
 * The sandbox's route groups, each a Fastify plugin under its prefix:
 *
 *   /oauth       authorize (the consent page)         oauth/authorize.ts
 *   /api/oauth   token, userinfo                      oauth/token.ts, oauth/userinfo.ts
 *   /api         webhook, webhook/:id                  webhooks/routes.ts
 *   /_sandbox    the lead page, leads, listings       leads/routes.ts, overview/routes.ts
 */
import type { FastifyPluginAsync } from 'fastify';

import { leadRoutes } from './leads/routes';
import { authorizeRoutes, oauthApiRoutes } from './oauth';
import { overviewRoutes } from './overview/routes';
import { webhookRoutes } from './webhooks/routes';

/** The API base (`BASE_URL` is the app's URL and this). */
export const API_PREFIX = '/api';

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
  await app.register(sandboxRoutes, { prefix: '/_sandbox' });
};

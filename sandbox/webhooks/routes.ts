/**
 * §4.1 and §4.2 under the API base: creating and deleting webhooks. Both need
 * a bearer token with `leads.read` (the spec leaves the scope open, §5.7); a
 * webhook can be deleted only by the client that made it, in its project.
 */
import type { FastifyPluginCallback } from 'fastify';

import { checkedBearer, requireToken } from '../http/bearer';
import { HttpError } from '../http/errors';
import { WEBHOOK_SCOPE } from '../oauth/scopes';
import { randomId } from '../random-id';
import { checkWebhookUrl } from './url';

const TRIGGERS = ['lead.created'];

const CREATE_BODY = {
  type: 'object',
  required: ['url', 'triggers'],
  properties: {
    url: { type: 'string', maxLength: 2048 },
    triggers: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: { type: 'string', enum: TRIGGERS },
    },
  },
} as const;
type CreateBody = { url: string; triggers: string[] };

const WEBHOOK_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
type WebhookParams = { id: string };

export const webhookRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { store, now } = app.sandbox;

  app.post<{ Body: CreateBody }>(
    '/webhook',
    { schema: { body: CREATE_BODY }, onRequest: requireToken(WEBHOOK_SCOPE) },
    (request, reply) => {
      const { token, project } = checkedBearer(request);
      const checked = checkWebhookUrl(request.body.url);
      if ('problem' in checked) {
        throw new HttpError(400, checked.problem);
      }
      const id = randomId('wh');
      store.webhooks.add({
        id,
        projectId: project.id,
        clientId: token.clientId,
        url: checked.url,
        triggers: [...new Set(request.body.triggers)],
        createdAt: new Date(now()).toISOString(),
      });
      return reply.status(201).send({ id });
    },
  );

  app.delete<{ Params: WebhookParams }>(
    '/webhook/:id',
    { schema: { params: WEBHOOK_PARAMS }, onRequest: requireToken(WEBHOOK_SCOPE) },
    (request) => {
      const { token, project } = checkedBearer(request);
      const { id } = request.params;
      if (
        !store.webhooks.deleteOwned(id, {
          projectId: project.id,
          clientId: token.clientId,
        })
      ) {
        throw new HttpError(404, `No webhook ${id} of this client in this project`);
      }
      return { success: true };
    },
  );
  done();
};

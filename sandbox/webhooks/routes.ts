/**
 * service-interface.md#webhooks under the API base: creating and deleting webhooks. Both need
 * a bearer token with `leads.read` (the spec leaves the scope open); a
 * webhook can be deleted only by the client that made it, in its project.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

import { checkedBearer, requireToken } from '../http/bearer';
import { HttpError } from '../http/http-error';
import { ERROR_RESPONSES } from '../http/response-schemas';
import { WEBHOOK_SCOPE } from '../oauth/scopes';
import { randomId } from '../random-id';
import { checkWebhookUrl } from './url';

const TRIGGERS = ['lead.created'] as const;

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

const WEBHOOK_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const CREATED = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
  additionalProperties: false,
} as const;

const DELETED = {
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'boolean' } },
  additionalProperties: false,
} as const;

export const webhookRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { store, now } = app.sandbox;

  app.post(
    '/webhook',
    {
      schema: { body: CREATE_BODY, response: { 201: CREATED, ...ERROR_RESPONSES } },
      onRequest: requireToken(WEBHOOK_SCOPE),
    },
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
      reply.status(201);
      return { id };
    },
  );

  app.delete(
    '/webhook/:id',
    {
      schema: { params: WEBHOOK_PARAMS, response: { 200: DELETED, ...ERROR_RESPONSES } },
      onRequest: requireToken(WEBHOOK_SCOPE),
    },
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
};

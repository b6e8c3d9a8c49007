/** service-interface.md#user-information: who the access token speaks for, and their project. Needs `user.read`. */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

import { checkedBearer, requireToken } from '../http/bearer';
import { ERROR_RESPONSES } from '../http/response-schemas';
import { USERINFO_SCOPE } from './scopes';

const STRING = { type: 'string' } as const;

/** The user information object (service-interface.md#user-information). */
const USER_INFORMATION = {
  type: 'object',
  required: ['user', 'project'],
  properties: {
    user: {
      type: 'object',
      required: ['id', 'email', 'firstName', 'lastName', 'image'],
      properties: {
        id: STRING,
        email: STRING,
        firstName: STRING,
        lastName: STRING,
        image: STRING,
      },
      additionalProperties: false,
    },
    project: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: STRING, name: STRING },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

export const userinfoRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/userinfo',
    {
      schema: { response: { 200: USER_INFORMATION, ...ERROR_RESPONSES } },
      onRequest: requireToken(USERINFO_SCOPE),
    },
    (request) => {
      const { user, project } = checkedBearer(request);
      return {
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          image: user.image,
        },
        project: { id: project.id, name: project.name },
      };
    },
  );
};

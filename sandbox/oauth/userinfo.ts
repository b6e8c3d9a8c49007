/** §4.6: who the access token speaks for, and their project. Needs `user.read`. */
import type { FastifyInstance } from 'fastify';

import { checkedToken, requireToken } from '../bearer';
import { USERINFO_SCOPE } from './scopes';

export function userinfoRoutes(app: FastifyInstance): void {
  const { store } = app.sandbox;
  app.get(
    '/api/oauth/userinfo',
    { onRequest: requireToken(USERINFO_SCOPE) },
    (request) => {
      const user = store.accounts.user(checkedToken(request).userId)!;
      const project = store.accounts.project(user.projectId)!;
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
}

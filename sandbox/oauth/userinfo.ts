/** §4.6: who the access token speaks for, and their project. Needs `user.read`. */
import type { FastifyPluginCallback } from 'fastify';

import { checkedBearer, requireToken } from '../http/bearer';
import { USERINFO_SCOPE } from './scopes';

export const userinfoRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/userinfo', { onRequest: requireToken(USERINFO_SCOPE) }, (request) => {
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
  });
  done();
};

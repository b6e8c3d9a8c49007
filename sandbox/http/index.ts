/**
 * What every request goes through, as one `fp()` plugin on the root instance
 * (so every route plugin inherits it): the origin check, the two body
 * parsers, the `{error}` answers (each route plugin may set its own), the
 * answer to a request no route takes (405 or 404), and the `{error}` answers to what Node would otherwise
 * answer itself.
 */
import fp from 'fastify-plugin';

import { registerBodyParsers } from './body-parsers';
import { answerJsonError, answerUnrouted } from './error-answers';
import { checkRequestOrigin } from './request-origin';
import { RouteMethods } from './route-methods';
import { answerConnect, answerUnmetExpectation } from './socket-answers';

export {
  answerHtmlError,
  answerJsonError,
  errorAnswer,
  repeatedParameter,
} from './error-answers';
export { HttpError } from './http-error';
export { serverOptions } from './server-options';
export type { LoggedTo, Timeouts } from './server-options';

export interface SharedHttpOptions {
  /** The interface the server listens on: requests must be addressed to it (or to loopback). */
  host: string;
}

export const sharedHttp = fp<SharedHttpOptions>(
  async (app, { host }) => {
    app.server.on('connect', answerConnect);
    app.server.on('checkExpectation', answerUnmetExpectation);
    app.decorateRequest('bearer', null);
    app.addHook('onRequest', checkRequestOrigin(host));
    registerBodyParsers(app);
    app.setErrorHandler(answerJsonError);
    const routeMethods = new RouteMethods();
    app.addHook('onRoute', (route) => routeMethods.add(route.url, route.method));
    app.setNotFoundHandler(answerUnrouted(routeMethods));
  },
  { name: 'shared-http', fastify: '5.x' },
);

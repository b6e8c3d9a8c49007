/**
 * What every request goes through, set on the root instance before any route
 * plugin is registered (so every route inherits it): the origin check, the
 * two body parsers, the one error handler and not-found handler, and the
 * `{error}` answers to what Node would otherwise answer itself.
 */
import type { FastifyInstance } from 'fastify';

import { registerBodyParsers } from './body-parsers';
import {
  answerConnect,
  answerError,
  answerNotFound,
  answerUnmetExpectation,
} from './errors';
import { checkRequestOrigin } from './request-origin';

export { serverOptions } from './server-options';
export type { Timeouts } from './server-options';

/** `host`: the interface the server listens on; requests must be addressed to it (or to loopback). */
export function handleRequests(server: FastifyInstance, host: string): void {
  server.server.on('connect', answerConnect);
  server.server.on('checkExpectation', answerUnmetExpectation);
  server.decorateRequest('bearer', null);
  server.addHook('onRequest', checkRequestOrigin(host));
  registerBodyParsers(server);
  server.setErrorHandler(answerError);
  server.setNotFoundHandler(answerNotFound);
}

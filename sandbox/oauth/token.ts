/**
 * service-interface.md#token-exchange and #token-refresh: the token endpoint. It reads a form, picks the grant
 * (`grants/`), and answers with no-store; its errors are RFC 6749 §5.2's
 * (`errors.ts`), a code in `error`, the sentence in `error_description`.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

import { ERROR_RESPONSES } from '../http/response-schemas';
import { answerTokenError, invalidRequest, unsupportedGrantType } from './errors';
import { authorizationCodeGrant } from './grants/authorization-code';
import { TOKEN_RESPONSE } from './grants/issue-tokens';
import { TOKEN_BODY } from './grants/parameters';
import type { TokenParameters } from './grants/parameters';
import { refreshTokenGrant } from './grants/refresh-token';

const FORM = 'application/x-www-form-urlencoded';

const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
} as const;

function isGrantType(value: string): value is keyof typeof GRANTS {
  return Object.hasOwn(GRANTS, value);
}

/** RFC 6749 §3.2: a parameter sent without a value is treated as if it were omitted. */
function withoutEmptyValues(body: TokenParameters): TokenParameters {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ''));
}

export const tokenRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = app.sandbox;
  app.setErrorHandler(answerTokenError);
  app.post(
    '/token',
    {
      schema: { body: TOKEN_BODY, response: { 200: TOKEN_RESPONSE, ...ERROR_RESPONSES } },
    },
    (request, reply) => {
      if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
        throw invalidRequest(`The token endpoint takes ${FORM} bodies`);
      }
      const parameters = withoutEmptyValues(request.body);
      const grantType = parameters.grant_type;
      if (grantType === undefined) {
        throw invalidRequest('grant_type is required');
      }
      if (!isGrantType(grantType)) {
        throw unsupportedGrantType(
          `grant_type must be ${Object.keys(GRANTS).join(' or ')}`,
        );
      }
      const answer = GRANTS[grantType](context, {
        parameters,
        authorization: request.headers.authorization,
      });
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      return answer;
    },
  );
};

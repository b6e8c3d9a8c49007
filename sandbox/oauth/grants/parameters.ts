/** The token endpoint's parameters (service-interface.md#token-exchange, #token-refresh), and what every grant requires of them. */
import type { FromSchema } from 'json-schema-to-ts';

import { stringFields } from '../../http/schema';
import { presentedClient } from '../client-authentication';
import type { PresentedClient } from '../client-authentication';
import { invalidRequest } from '../errors';

const TOKEN_FIELDS = [
  'grant_type',
  'code',
  'redirect_uri',
  'client_id',
  'client_secret',
  'code_verifier',
  'refresh_token',
] as const;
type TokenField = (typeof TOKEN_FIELDS)[number];

export const TOKEN_BODY = stringFields(TOKEN_FIELDS);
export type TokenParameters = FromSchema<typeof TOKEN_BODY>;

/** What a grant is given: the parameters, and the request's Authorization header. */
export interface TokenRequest {
  parameters: TokenParameters;
  authorization: string | undefined;
}

export function requireParameters<Name extends TokenField>(
  parameters: TokenParameters,
  names: readonly Name[],
): Record<Name, string> {
  for (const name of names) {
    if (parameters[name] === undefined) {
      throw invalidRequest(`${name} is required`);
    }
  }
  return parameters as Record<Name, string>;
}

/** The client as presented, from the body or from Basic; its client_id is required. */
export function requireClientId({
  parameters,
  authorization,
}: TokenRequest): PresentedClient & { clientId: string } {
  const presented = presentedClient(authorization, parameters);
  if (presented.clientId === undefined) {
    throw invalidRequest('client_id is required');
  }
  return { ...presented, clientId: presented.clientId };
}

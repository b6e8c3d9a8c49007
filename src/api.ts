/**
 * Typed shapes of every body in the landing-page service's interface
 * (docs/service-interface.md). Reading an untrusted answer into one
 * of them is `responses.ts`'s job.
 */

/** service-interface.md#webhooks: the one trigger name the spec gives. */
export const LEAD_CREATED = 'lead.created';

/** service-interface.md#webhooks: the create request's body. */
export interface CreateWebhookRequest {
  url: string;
  triggers: (typeof LEAD_CREATED)[];
}

/** service-interface.md#webhooks: the create answer's body. Fields beyond `id` are not shown in the spec and are kept as sent. */
export interface CreateWebhookResponse {
  id: string;
  [field: string]: unknown;
}

/** service-interface.md#webhooks: the delete answer's body. */
export interface DeleteWebhookResponse {
  success: boolean;
}

/** service-interface.md#errors: the Error object. */
export interface ServiceErrorBody {
  error: string;
}

/** service-interface.md#token-exchange: the request body (form-encoded), with exactly one client authentication method. */
export type AuthorizationCodeGrant = {
  grant_type: 'authorization_code';
  code: string;
  redirect_uri: string;
  client_id: string;
} & ({ client_secret: string } | { code_verifier: string });

/** service-interface.md#token-refresh: the request body (form-encoded); `client_secret` only when PKCE is not used. */
export interface RefreshTokenGrant {
  grant_type: 'refresh_token';
  refresh_token: string;
  client_id: string;
  client_secret?: string;
}

/** service-interface.md#token-exchange: the token response. `scope` comes with the code exchange only. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

/** service-interface.md#user-information. */
export interface UserInfo {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    image: string;
  };
  project: {
    id: string;
    name: string;
  };
}

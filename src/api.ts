/**
 * Typed shapes of every body in the landing-page service's interface
 * (`shared/spec/landing-page-api.md`). Reading an untrusted answer into one
 * of them is `responses.ts`'s job.
 */

/** §6: the one trigger name the spec gives. */
export const LEAD_CREATED = 'lead.created';

/** §4.1 request body. */
export interface CreateWebhookRequest {
  url: string;
  triggers: (typeof LEAD_CREATED)[];
}

/** §4.1 success body. Fields beyond `id` are not shown in the spec and are kept as sent. */
export interface CreateWebhookResponse {
  id: string;
  [field: string]: unknown;
}

/** §4.2 success body. */
export interface DeleteWebhookResponse {
  success: boolean;
}

/** §2 Error object. */
export interface ServiceErrorBody {
  error: string;
}

/** §4.4 request body (form-encoded), with exactly one client authentication method. */
export type AuthorizationCodeGrant = {
  grant_type: 'authorization_code';
  code: string;
  redirect_uri: string;
  client_id: string;
} & ({ client_secret: string } | { code_verifier: string });

/** §4.5 request body (form-encoded); `client_secret` only when PKCE is not used. */
export interface RefreshTokenGrant {
  grant_type: 'refresh_token';
  refresh_token: string;
  client_id: string;
  client_secret?: string;
}

/** §2 Token response. `scope` comes with the code exchange only. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

/** §4.6 User information. */
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

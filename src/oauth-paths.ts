/** Paths on the OAuth host (`APP_URL`), service-interface.md#oauth. */
export const AUTHORIZE_PATH = '/oauth/authorize';
export const TOKEN_PATH = '/api/oauth/token';
export const USERINFO_PATH = '/api/oauth/userinfo';

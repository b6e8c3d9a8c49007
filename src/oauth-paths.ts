/** Paths on the OAuth host (`APP_URL`), §4.3 to §4.6. */
export const AUTHORIZE_PATH = '/oauth/authorize';
export const TOKEN_PATH = '/api/oauth/token';
export const USERINFO_PATH = '/api/oauth/userinfo';

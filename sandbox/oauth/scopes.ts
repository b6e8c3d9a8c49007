/** The scopes the service knows (§5.7), what the consent page says of each, and who needs which. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'project.read': 'Read your projects',
  'pages.read': 'Read your pages',
  'leads.read': 'Read your leads',
  'user.read': 'Read your name and email address',
};

export const KNOWN_SCOPES = Object.keys(SCOPE_DESCRIPTIONS);

/** What an authorization that names no scope is granted (§2). */
export const DEFAULT_SCOPE = 'user.read';

/** `GET /api/oauth/userinfo` (§4.6). */
export const USERINFO_SCOPE = 'user.read';

/** Both webhook operations: the spec leaves it open (§5.7); leads are what they deliver. */
export const WEBHOOK_SCOPE = 'leads.read';

/** The scopes the service knows (service-interface.md#scopes), what the consent page says of each, and who needs which. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'project.read': 'Read your projects',
  'pages.read': 'Read your pages',
  'leads.read': 'Read your leads',
  'user.read': 'Read your name and email address',
};

export const KNOWN_SCOPES = Object.keys(SCOPE_DESCRIPTIONS);

/** What an authorization that names no scope is granted (service-interface.md#scopes). */
export const DEFAULT_SCOPE = 'user.read';

/** `GET /api/oauth/userinfo` (service-interface.md#user-information). */
export const USERINFO_SCOPE = 'user.read';

/** Both webhook operations: the spec leaves it open (service-interface.md#webhooks); leads are what they deliver. */
export const WEBHOOK_SCOPE = 'leads.read';

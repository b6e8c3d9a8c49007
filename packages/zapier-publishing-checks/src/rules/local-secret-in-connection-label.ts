import { defineRule, localReference } from '../rule';

/** A template variable naming a secret: `{{bundle.authData.access_token}}`, `{{api_key}}`, … */
const SECRET_IN_TEMPLATE =
  /{{\s*[\w.]*?(access_token|refresh_token|api_?key|password|passwd|secret|token|jwt)\w*\s*(?:\|[^}]*)?}}/i;
const ID = 'local:secret-in-connection-label';

/**
 * Zapier's D003 does not report a secret in the connection label (a label
 * showing `{{bundle.authData.api_token}}` passed it): every user who sees
 * the connection sees the secret, so this package says so itself.
 */
export default defineRule({
  meta: {
    id: ID,
    name: 'secret-in-connection-label',
    category: 'warning',
    requirement: 'the connection label shows no token, key or password',
    url: localReference(ID),
    needs: ['definition'],
    messages: {
      secret:
        '"%{label}" shows a secret to everyone who sees the connection: show who is connected instead, e.g. "{{email}}"',
    },
  },
  check({ definition }, report) {
    const label = definition.authentication?.connectionLabel;
    if (typeof label === 'string' && SECRET_IN_TEMPLATE.test(label)) {
      report({ path: 'authentication.connectionLabel' }, 'secret', { label });
    }
  },
});

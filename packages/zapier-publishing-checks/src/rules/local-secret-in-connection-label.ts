import { defineRule } from '../rule';
import { wordsOf } from '../shared/words';

const TEMPLATE_VARIABLE = /{{([^{}|]*)(?:\|[^{}]*)?}}/g;
/** The last words of a variable that name a secret: `access_token`, `apiKey`, `client_secret`. */
const SECRET_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'jwt', 'apikey']);

/**
 * A variable whose name ends in a secret (`{{bundle.authData.access_token}}`,
 * `{{api_key | slice:0:8}}`); `{{token_count}}` or `{{secretary_name}}` is none.
 */
function namesASecret(variable: string): boolean {
  const words = wordsOf(variable);
  const [before, last] = [words.at(-2) ?? '', words.at(-1) ?? ''];
  return (
    SECRET_WORDS.has(last) ||
    (last === 'key' && ['api', 'secret', 'private'].includes(before))
  );
}
const ID = 'local:secret-in-connection-label';

/**
 * Zapier's D003 does not report a secret in the connection label (a label
 * showing `{{bundle.authData.api_token}}` passed it): every user who sees
 * the connection sees the secret, so this package says so itself.
 */
export default defineRule({
  meta: {
    id: ID,
    name: 'connection-label-shows-no-secret',
    category: 'warning',
    categoryEvidence:
      "this package's own: Zapier does not report it, so it blocks nothing",
    requirement: 'the connection label shows no token, key or password',
    // No page of Zapier's: docs/rules/<ID>.md, the page this package ships.
    url: null,
    needs: ['definition'],
    messages: {
      secret:
        '"%{label}" shows a secret to everyone who sees the connection: show who is connected instead, e.g. "{{email}}"',
    },
  },
  check({ definition }, report) {
    const label = definition.authentication?.connectionLabel;
    if (
      typeof label === 'string' &&
      Array.from(label.matchAll(TEMPLATE_VARIABLE), ([, name = '']) => name).some(
        namesASecret,
      )
    ) {
      report({ path: 'authentication.connectionLabel' }, 'secret', { label });
    }
  },
});

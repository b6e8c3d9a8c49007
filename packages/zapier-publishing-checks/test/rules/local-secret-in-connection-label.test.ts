import rule from '../../src/rules/local-secret-in-connection-label';
import type { TestInput } from '../rule-tester';
import { testRule } from '../rule-tester';

const FUNC = '$func$2$f$';
const AT = 'authentication.connectionLabel';

/** A change that sets the connection label. */
const withLabel =
  (label: unknown) =>
  (input: TestInput): void => {
    input.definition.authentication!.connectionLabel = label;
  };

const secret = (label: string) =>
  `"${label}" shows a secret to everyone who sees the connection: show who is connected instead, e.g. "{{email}}"`;

testRule(rule, {
  valid: [
    {
      name: 'a label that names the account: "{{user__email}} · {{project__name}}"',
      change: withLabel('{{user__email}} · {{project__name}}'),
    },
    {
      name: 'a word such as "Token" in the text around the variables names no value',
      change: withLabel('API Token of {{email}}'),
    },
    {
      name: 'a field of the connection that is no secret',
      change: withLabel('{{bundle.authData.username}}'),
      // The valid app's connection (custom auth) has no username field: D003 says so.
      alsoChanges: ['D003'],
    },
    {
      name: "a computed label: what it shows is D003's to leave for a connection",
      change: withLabel(FUNC),
      alsoChanges: ['D003'],
    },
  ],
  invalid: [
    {
      name: "the API key itself, a field of the connection (Zapier's D003 passed such a label)",
      change: withLabel('{{bundle.authData.api_key}}'),
      findings: [{ at: AT, message: secret('{{bundle.authData.api_key}}') }],
    },
    ...['{{access_token}}', '{{apiKey}} ({{email}})', '{{ password }}', '{{jwt}}'].map(
      (label) => ({
        name: `a secret in "${label}"`,
        change: withLabel(label),
        findings: [{ at: AT, message: secret(label) }],
      }),
    ),
    {
      name: 'a secret whatever filter follows it',
      change: withLabel('PixelAPI ({{bundle.authData.api_key | slice:0:8}}...)'),
      findings: [
        {
          at: AT,
          message: secret('PixelAPI ({{bundle.authData.api_key | slice:0:8}}...)'),
        },
      ],
    },
    {
      name: 'a secret the connection has no field for: D003 reports the blank label too',
      change: withLabel('{{bundle.authData.refresh_token}}'),
      findings: [{ at: AT, message: secret('{{bundle.authData.refresh_token}}') }],
      alsoChanges: ['D003'],
    },
  ],
});

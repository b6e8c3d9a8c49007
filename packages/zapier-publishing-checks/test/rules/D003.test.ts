import rule from '../../src/rules/D003-connection-label';
import type { TestInput } from '../rule-tester';
import { testRule } from '../rule-tester';

const FUNC = '$func$2$f$';
const AT = 'authentication.connectionLabel';

/** A change that sets the connection label (undefined removes it). */
const withLabel =
  (label: unknown) =>
  (input: TestInput): void => {
    if (label === undefined) {
      delete input.definition.authentication!.connectionLabel;
    } else {
      input.definition.authentication!.connectionLabel = label;
    }
  };

const secret = (label: string) =>
  `"${label}": show who is connected, never a token, key or password`;

testRule(rule, {
  valid: [
    {
      name: 'a label that names the account: "{{user__email}} · {{project__name}}"',
      change: withLabel('{{user__email}} · {{project__name}}'),
    },
    {
      name: 'long variable names count for nothing: a user sees their values',
      change: withLabel(
        '{{bundle.inputData.organization_display_name}} ({{bundle.inputData.primary_email_address}})',
      ),
    },
    {
      name: 'exactly 64 characters of text around its variables',
      change: withLabel(
        `{{email}} ${'connected through the integration '.repeat(2).slice(0, 63)}`,
      ),
    },
    ...['{{account_name}} ({{plan}})', '{{plan_owner_email}}', '{{json.user.login}}'].map(
      (label) => ({
        name: `a variable that names the account beside others: "${label}"`,
        change: withLabel(label),
      }),
    ),
  ],
  invalid: [
    {
      name: 'the API key itself',
      change: withLabel('{{bundle.authData.api_key}}'),
      findings: [{ at: AT, message: secret('{{bundle.authData.api_key}}') }],
    },
    ...[
      '{{access_token}}',
      '{{bundle.authData.refresh_token}}',
      '{{apiKey}} ({{email}})',
      '{{ password }}',
    ].map((label) => ({
      name: `a secret in "${label}"`,
      change: withLabel(label),
      findings: [{ at: AT, message: secret(label) }],
    })),
    {
      name: 'a secret whatever filter follows it',
      change: withLabel('PixelAPI ({{bundle.authData.apiKey | slice:0:8}}...)'),
      findings: [
        {
          at: AT,
          message: secret('PixelAPI ({{bundle.authData.apiKey | slice:0:8}}...)'),
        },
      ],
    },
    {
      name: 'a constant, the same for every account',
      change: withLabel('Contacts Hub'),
      findings: [
        {
          at: AT,
          message:
            '"Contacts Hub" is the same for every account: build it from the test\'s answer, e.g. "{{email}}"',
        },
      ],
    },
    ...[
      [
        '{{plan_label}} plan · {{api_inbox_count}} inboxes',
        '{{plan_label}}, {{api_inbox_count}}',
      ],
      ['Sonos Account ({{bundle.authData.scope}})', '{{bundle.authData.scope}}'],
    ].map(([label, variables]) => ({
      name: `variables that name no account: "${label}"`,
      change: withLabel(label),
      findings: [
        {
          at: AT,
          message: `"${label}": ${variables} can be the same for many accounts; name who is connected, e.g. "{{email}}"`,
        },
      ],
    })),
    {
      name: 'more than 64 characters of text around its variables',
      change: withLabel(`{{email}} ${'connected through the integration '.repeat(2)}`),
      findings: [
        {
          at: AT,
          message: 'shorten its text to 64 characters (it has 69 besides its variables)',
        },
      ],
    },
    {
      name: 'no label at all',
      change: withLabel(undefined),
      findings: [
        { at: AT, message: 'set it to what identifies the account, e.g. "{{email}}"' },
      ],
    },
    {
      name: 'a computed label: left undecided, for a connection to show',
      change: withLabel(FUNC),
      findings: [
        {
          at: AT,
          message:
            'it is computed (a function or a request); check on a connection that it names the account and shows no secret',
          status: 'deferred',
        },
      ],
    },
  ],
});

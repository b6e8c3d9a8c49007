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

/** A change that sets the connection's auth type and fields, and its label. */
const withAuth =
  (type: string, fields: Record<string, unknown>[], label: string) =>
  (input: TestInput): void => {
    Object.assign(input.definition.authentication!, {
      type,
      fields,
      connectionLabel: label,
    });
  };

const noSuchField = (label: string, keys: string) =>
  `"${label}": ${keys} is no field of the connection, so every connection gets a blank label; name a field it has, or what the test returns`;

/** A secret in the label is this package's own rule's to report now, not D003's. */
const SECRET_RULE = 'local:secret-in-connection-label';

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
    {
      name: "a field of the connection: a secret in it is no longer D003's (the API key itself)",
      change: withLabel('{{bundle.authData.api_key}}'),
      alsoChanges: [SECRET_RULE],
    },
    ...['{{access_token}}', '{{apiKey}} ({{email}})', '{{ password }}'].map((label) => ({
      name: `a secret in "${label}": not D003's to report`,
      change: withLabel(label),
      alsoChanges: [SECRET_RULE],
    })),
    {
      name: 'a field of the connection, whatever filter follows it',
      change: withLabel('PixelAPI ({{bundle.authData.api_key | slice:0:8}}...)'),
      alsoChanges: [SECRET_RULE],
    },
    {
      name: 'a field the connection computes is one it holds',
      change: withAuth(
        'custom',
        [
          {
            key: 'api_key',
            label: 'API Key',
            type: 'password',
            helpText: 'Find it under [Settings](https://app.example.org/settings).',
          },
          { key: 'email', computed: true },
        ],
        '{{bundle.authData.email}}',
      ),
    },
    ...(['basic', 'digest'] as const).map((type) => ({
      name: `${type} auth holds the username without a field for it`,
      change: withAuth(type, [], '{{bundle.authData.username}}'),
    })),
    ...(['oauth2', 'session'] as const).map((type) => ({
      name: `${type} auth: what its token or session request adds is not known here`,
      change: withAuth(type, [], '{{bundle.authData.email}}'),
    })),
  ],
  invalid: [
    {
      name: 'a key named in bundle.authData that the connection has no field for (custom auth)',
      change: withLabel('{{bundle.authData.email}}'),
      findings: [{ at: AT, message: noSuchField('{{bundle.authData.email}}', 'email') }],
    },
    ...(['basic', 'digest'] as const).map((type) => ({
      name: `a key beside the username and password of ${type} auth, named by no field`,
      change: withAuth(
        type,
        [],
        '{{bundle.authData.username}} ({{bundle.authData.email}})',
      ),
      findings: [
        {
          at: AT,
          message: noSuchField(
            '{{bundle.authData.username}} ({{bundle.authData.email}})',
            'email',
          ),
        },
      ],
    })),
    {
      name: 'each key of the label the connection lacks, named once together',
      change: withLabel('{{bundle.authData.org}} / {{bundle.authData.user_email}}'),
      findings: [
        {
          at: AT,
          message: noSuchField(
            '{{bundle.authData.org}} / {{bundle.authData.user_email}}',
            'org, user_email',
          ),
        },
      ],
    },
    {
      name: 'a secret the connection has no field for: a blank label to D003, a secret to this package',
      change: withLabel('{{bundle.authData.refresh_token}}'),
      findings: [
        {
          at: AT,
          message: noSuchField('{{bundle.authData.refresh_token}}', 'refresh_token'),
        },
      ],
      alsoChanges: [SECRET_RULE],
    },
    {
      name: 'a key the connection lacks, whatever filter follows it',
      change: withLabel('PixelAPI ({{bundle.authData.apiKey | slice:0:8}}...)'),
      findings: [
        {
          at: AT,
          message: noSuchField(
            'PixelAPI ({{bundle.authData.apiKey | slice:0:8}}...)',
            'apiKey',
          ),
        },
      ],
      alsoChanges: [SECRET_RULE],
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
    {
      name: 'variables that name no account: "{{plan_label}} plan · {{api_inbox_count}} inboxes"',
      change: withLabel('{{plan_label}} plan · {{api_inbox_count}} inboxes'),
      findings: [
        {
          at: AT,
          message:
            '"{{plan_label}} plan · {{api_inbox_count}} inboxes": {{plan_label}}, {{api_inbox_count}} can be the same for many accounts; name who is connected, e.g. "{{email}}"',
        },
      ],
    },
    {
      name: 'a variable that names no account, and no field of the connection: "Sonos Account ({{bundle.authData.scope}})"',
      change: withLabel('Sonos Account ({{bundle.authData.scope}})'),
      findings: [
        {
          at: AT,
          message: noSuchField('Sonos Account ({{bundle.authData.scope}})', 'scope'),
        },
        {
          at: AT,
          message:
            '"Sonos Account ({{bundle.authData.scope}})": {{bundle.authData.scope}} can be the same for many accounts; name who is connected, e.g. "{{email}}"',
        },
      ],
    },
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
            'it is computed (a function or a request); check on a connection that it names the account',
          status: 'deferred',
        },
      ],
    },
  ],
});

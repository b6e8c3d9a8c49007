import rule from '../../src/rules/D002-auth-field-help-links';
import type { TestInput } from '../rule-tester';
import { authFields, testRule } from '../rule-tester';

const NO_LINK =
  'add a markdown link [to the page](https://…) where the user finds its value to its help text';

/** A change that adds one field to the connection. */
const withAuthField =
  (field: Record<string, unknown>) =>
  (input: TestInput): void => {
    authFields(input).push(field);
  };

/** A change that rewrites the API key's help text. */
const withKeyHelp =
  (helpText: string) =>
  (input: TestInput): void => {
    authFields(input)[0]!.helpText = helpText;
  };

const accountPassword = {
  key: 'password',
  label: 'Password',
  type: 'password',
  required: true,
  helpText: 'The password you sign in with.',
};

testRule(rule, {
  valid: [
    {
      name: 'a field the app computes is filled by no one',
      change: withAuthField({
        key: 'access_token',
        label: 'Access Token',
        type: 'string',
        computed: true,
      }),
    },
    {
      name: 'a second key whose help text links to where it is found',
      change: withAuthField({
        key: 'api_secret',
        label: 'API Secret',
        helpText:
          'Shown beside the key under [Settings](https://app.example.org/settings).',
      }),
    },
    {
      name: 'a dropdown whose help text links to where its value is explained',
      change: withAuthField({
        key: 'environment',
        label: 'Environment',
        choices: { live: 'Live', sandbox: 'Sandbox' },
        helpText: 'See [environments](https://docs.example.org/environments).',
      }),
    },
    {
      name: 'an address written out counts as a link (D008 asks to make it one)',
      change: withKeyHelp('Find it under https://app.example.org/settings/api.'),
      alsoChanges: ['D008'],
    },
    {
      name: 'a mailto: link counts',
      change: withKeyHelp('Ask [support](mailto:help@example.org) for one.'),
    },
  ],
  invalid: [
    {
      name: 'an API key whose help text says where it is, without a link',
      change: withKeyHelp('Copy it from your account page.'),
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
    },
    {
      name: 'a host written without its scheme is no link (its PUBLIC-MAP verdict)',
      change: withKeyHelp(
        'Create one from the Developer Console (Settings → API Keys). Only ever sent to app.public-map.com.',
      ),
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
    },
    {
      name: 'a scheme alone ("https://") names no page',
      change: withKeyHelp('Starts with https:// on your account page.'),
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
    },
    {
      name: 'an account password is reported too: Zapier reads every field the user fills',
      change: withAuthField(accountPassword),
      findings: [{ at: 'authentication password', message: NO_LINK }],
    },
    {
      name: 'a dropdown without a link, as Zapier reported "environment" (Live/Sandbox)',
      change: withAuthField({
        key: 'environment',
        label: 'Environment',
        choices: { live: 'Live', sandbox: 'Sandbox' },
        helpText: 'Live or sandbox.',
      }),
      findings: [{ at: 'authentication environment', message: NO_LINK }],
    },
    {
      name: 'a field with no help text at all',
      change: withAuthField({ key: 'account', label: 'Account', required: true }),
      findings: [{ at: 'authentication account', message: NO_LINK }],
    },
    {
      name: 'a token beside an account password: each needs its link',
      change: (input) => {
        authFields(input).push(accountPassword, {
          key: 'api_token',
          label: 'API Token',
          helpText: 'Generated once, for scripts.',
        });
      },
      findings: [
        { at: 'authentication password', message: NO_LINK },
        { at: 'authentication api_token', message: NO_LINK },
      ],
    },
    {
      name: 'a link to a relative page opens nothing: it is no link to where the key is',
      change: withKeyHelp('Find it under [Settings](/settings/api).'),
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
      alsoChanges: ['D008'],
    },
  ],
});

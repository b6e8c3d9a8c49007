import rule from '../../src/rules/D002-credential-help-links';
import type { TestInput } from '../rule-tester';
import { authFields, testRule } from '../rule-tester';

const NO_LINK =
  'add help text with a markdown link [to the page](https://…) where the user finds it';

/** A change that adds one field to the connection. */
const withAuthField =
  (field: Record<string, unknown>) =>
  (input: TestInput): void => {
    authFields(input).push(field);
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
      name: 'an account password needs no link: the user knows where it is',
      change: withAuthField(accountPassword),
    },
    {
      name: 'a credential the app computes is pasted by no one',
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
  ],
  invalid: [
    {
      name: 'an API key whose help text says where it is, without a link',
      change: (input) => {
        authFields(input)[0]!.helpText = 'Copy it from your account page.';
      },
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
    },
    {
      name: 'a token beside an account password: the token still needs its link',
      change: (input) => {
        authFields(input).push(accountPassword, {
          key: 'api_token',
          label: 'API Token',
          helpText: 'Generated once, for scripts.',
        });
      },
      findings: [{ at: 'authentication api_token', message: NO_LINK }],
    },
    {
      name: 'a link to a relative page opens nothing: it is no link to where the key is',
      change: (input) => {
        authFields(input)[0]!.helpText = 'Find it under [Settings](/settings/api).';
      },
      findings: [{ at: 'authentication api_key', message: NO_LINK }],
      alsoChanges: ['D008'],
    },
  ],
});

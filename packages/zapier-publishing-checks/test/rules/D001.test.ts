import rule from '../../src/rules/D001-no-credentials-in-steps';
import type { TestInput } from '../rule-tester';
import { fields, step, testRule } from '../rule-tester';

const CREDENTIAL =
  'this input field asks for a credential: remove it and ask for the credential in authentication.fields';

/** A change that adds one input field to New Contact. */
const withField =
  (field: Record<string, unknown>) =>
  (input: TestInput): void => {
    fields(input, 'triggers.new_contact').push({ helpText: 'From settings.', ...field });
  };

testRule(rule, {
  valid: [
    ...[
      ['tokenized', 'tokenized'],
      ['Pass Count', 'Pass Count'],
      ['keyword', 'keyword'],
    ].map(([key, label]) => ({
      name: `a key that only contains a credential word: ${key}`,
      change: withField({ key, label }),
    })),
    ...[
      ['page_token', 'Page Token'],
      ['next_page_token', 'Next Page'],
      ['file_token', 'Uploaded File Token'],
      ['signature', 'Digital Signature'],
    ].map(([key, label]) => ({
      name: `data, not a credential: ${key} ("${label}")`,
      change: withField({ key, label }),
    })),
    {
      name: 'a card\'s token labelled "Token", read with its key and help',
      change: withField({
        key: 'creditCardToken',
        label: 'Token',
        helpText: 'The card token from the payment form.',
      }),
    },
    {
      name: 'what a search finds ("Access Key" in View Access Key) is data',
      change: (input) => {
        const search = step(input, 'searches.find_contact');
        search.noun = 'Access Key';
        search.display = {
          label: 'Find Access Key',
          description: 'Finds an access key.',
        };
        fields(input, 'searches.find_contact').push({
          key: 'access_key',
          label: 'Access Key',
          helpText: 'The access key to look up.',
        });
      },
    },
  ],
  invalid: [
    ...[
      ['api_token', 'Token'],
      ['apiToken', 'Token'],
      ['authToken', 'Auth'],
      ['userPassword', 'User'],
      ['private_key', 'Key'],
      ['APISecret', 'Secret'],
      ['account', 'API Key'],
      ['webhook_secret', 'Signing Secret'],
      ['signing_key', 'Signing Key'],
    ].map(([key, label]) => ({
      name: `${key} labelled "${label}"`,
      change: withField({ key, label }),
      findings: [{ at: `triggers.new_contact ${key}`, message: CREDENTIAL }],
    })),
    {
      name: 'an input field of type password, whatever its key',
      change: withField({ key: 'pin', label: 'PIN', type: 'password' }),
      findings: [{ at: 'triggers.new_contact pin', message: CREDENTIAL }],
    },
    {
      name: 'a credential in a search that finds something else',
      change: (input) => {
        fields(input, 'searches.find_contact').push({
          key: 'access_key',
          label: 'Access Key',
          helpText: 'Copy it from the settings page.',
        });
      },
      findings: [{ at: 'searches.find_contact access_key', message: CREDENTIAL }],
    },
  ],
});

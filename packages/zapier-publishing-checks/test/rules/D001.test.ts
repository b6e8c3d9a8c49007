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
    {
      name: 'a hidden step: its fields are never shown, so no user types a secret into them',
      change: (input) => {
        const list = step(input, 'triggers.list');
        list.operation = {
          ...list.operation,
          inputFields: [
            { key: 'api_token', label: 'API Token', helpText: 'Set by the app.' },
          ],
        };
      },
    },
    ...(['boolean', 'integer', 'number', 'datetime', 'file', 'copy'] as const).map(
      (type) => ({
        name: `a field of type ${type}, which holds no typed secret ("Include Token")`,
        change: withField({ key: 'include_token', label: 'Include Token', type }),
      }),
    ),
    {
      name: 'a choice from a dynamic dropdown ("API Key" picked from the keys listed)',
      change: withField({ key: 'api_key', label: 'API Key', dynamic: 'list.id.name' }),
    },
    {
      name: 'a choice from static choices, as a list',
      change: withField({
        key: 'token_type',
        label: 'Token',
        choices: ['bearer', 'basic'],
      }),
    },
    {
      name: 'a choice from static choices, as a map of values to labels',
      change: withField({
        key: 'secret_scope',
        label: 'Secret',
        choices: { read: 'Read', write: 'Write' },
      }),
    },
    ...[
      ['Token (not used)', ''],
      ['Unused Secret', ''],
      ['API Key', 'INTERNAL USE ONLY.'],
      ['Password Placeholder', ''],
      ['Token', 'A dummy value: the search needs one required field.'],
      ['Secret', 'Ignored.'],
    ].map(([label = '', helpText]) => ({
      name: `a placeholder field: "${label}"${helpText === '' ? '' : ` ("${helpText}")`}`,
      change: withField({
        key: 'token',
        label,
        ...(helpText === '' ? {} : { helpText }),
      }),
    })),
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
      name: 'a text field, typed "string", whose label says "token"',
      change: withField({ key: 'token', label: 'Token', type: 'string' }),
      findings: [{ at: 'triggers.new_contact token', message: CREDENTIAL }],
    },
    {
      name: 'the same field in a step made visible again',
      change: (input) => {
        const list = step(input, 'triggers.list');
        list.display = { ...list.display, hidden: false };
        list.operation = {
          ...list.operation,
          inputFields: [
            { key: 'api_token', label: 'API Token', helpText: 'Set by the app.' },
          ],
        };
      },
      findings: [{ at: 'triggers.list api_token', message: CREDENTIAL }],
      // Made visible, the dropdown's source has no sample and no local run.
      alsoChanges: ['D012', 'T002', 'T003', 'T004', 'T005'],
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

/**
 * A definition that passes every check, with one step of each kind, and the
 * local runs and listing that go with it. Each test breaks exactly one rule
 * in a fresh copy.
 */
import type { ListingRead, StepRun } from '../src/input';
import type { AppDefinition } from '../src/shared/definition';
import type { TestInput } from './rule-tester';

const FUNC = '$func$2$f$';

/**
 * A contact as the static samples show it. Its tags, a list of text, are in
 * what the code returns only (`contactItem`): a static sample's list of
 * values reads to Zapier's D024 as one string, not the list its field says.
 */
const contactSample = () => ({
  id: 'c_1',
  email: 'ada@example.org',
  score: 7,
  vip: true,
  created_at: '2026-03-14T09:26:53Z',
  company: { name: 'Engines Ltd' },
});

/** A contact as a local run returns it: the sample's keys, and its tags. */
const contactItem = () => ({ ...contactSample(), tags: ['a', 'b'] });

const contactOutputFields = () => [
  { key: 'id', label: 'Contact ID', type: 'string' },
  { key: 'email', label: 'Email', type: 'string', required: true },
  { key: 'score', label: 'Score', type: 'integer' },
  { key: 'vip', label: 'VIP', type: 'boolean' },
  { key: 'tags', label: 'Tags', type: 'string', list: true },
  { key: 'created_at', label: 'Created At', type: 'datetime' },
  { key: 'company__name', label: 'Company Name', type: 'string' },
];

export function validDefinition(): AppDefinition {
  return {
    version: '1.0.0',
    platformVersion: '19.1.0',
    flags: { cleanInputData: false },
    authentication: {
      type: 'custom',
      fields: [
        {
          key: 'api_key',
          label: 'API Key',
          type: 'password',
          required: true,
          helpText:
            'Find it under [Settings › API](https://app.example.org/settings/api).',
        },
      ],
      test: FUNC,
      connectionLabel: '{{email}}',
    },
    triggers: {
      new_contact: {
        key: 'new_contact',
        noun: 'Contact',
        display: {
          label: 'New Contact',
          description: 'Triggers when a contact is added.',
        },
        operation: {
          perform: FUNC,
          inputFields: [
            {
              key: 'list_id',
              label: 'List ID',
              dynamic: 'list.id.name',
              helpText: 'The list whose new contacts start the Zap.',
            },
          ],
          sample: contactSample(),
          outputFields: contactOutputFields(),
        },
      },
      list: {
        key: 'list',
        noun: 'List',
        display: {
          label: 'New List',
          description: 'Triggers when a list is created.',
          hidden: true,
        },
        operation: { perform: FUNC },
      },
      contact_hook: {
        key: 'contact_hook',
        noun: 'Contact',
        display: {
          label: 'Updated Contact',
          description: 'Triggers when a contact changes.',
        },
        operation: {
          type: 'hook',
          perform: FUNC,
          performList: FUNC,
          performSubscribe: FUNC,
          performUnsubscribe: FUNC,
          sample: contactSample(),
          outputFields: contactOutputFields(),
        },
      },
    },
    searches: {
      find_contact: {
        key: 'find_contact',
        noun: 'Contact',
        display: {
          label: 'Find Contact by Email',
          description: 'Finds a contact by email.',
        },
        operation: {
          perform: FUNC,
          inputFields: [
            { key: 'email', label: 'Email', helpText: 'Use `name@example.org` form.' },
          ],
          sample: contactSample(),
          outputFields: contactOutputFields(),
        },
      },
    },
    creates: {
      create_contact: {
        key: 'create_contact',
        noun: 'Contact',
        display: { label: 'Create Contact', description: 'Creates a contact.' },
        operation: {
          perform: { url: 'https://api.example.org/contacts', method: 'POST' },
          inputFields: [
            { key: 'email', label: 'Email', required: true },
            {
              key: 'owner',
              label: 'Owner',
              dynamic: 'new_contact.id.email',
              search: 'find_contact.id',
            },
            FUNC,
          ],
          sample: contactSample(),
          outputFields: contactOutputFields(),
        },
      },
    },
    searchOrCreates: {
      find_contact: {
        key: 'find_contact',
        display: {
          label: 'Find or Create Contact',
          description: 'Finds or creates a contact.',
        },
        search: 'find_contact',
        create: 'create_contact',
      },
    },
  };
}

export function validRuns(): StepRun[] {
  const items = () => ({ kind: 'items' as const, items: [contactItem()] });
  return [
    { path: 'triggers.new_contact', method: 'perform', outcome: items() },
    { path: 'triggers.contact_hook', method: 'performList', outcome: items() },
    { path: 'triggers.contact_hook', method: 'perform', outcome: items() },
    { path: 'searches.find_contact', method: 'perform', outcome: items() },
    { path: 'creates.create_contact', method: 'perform', outcome: items() },
  ];
}

export function validListing(): ListingRead {
  return {
    found: true,
    path: 'listing.json',
    listing: {
      title: 'Contacts Hub',
      description:
        'Contacts Hub is a contact manager for small teams that keeps every address, note and tag in one place.',
    },
  };
}

export function validInput(): TestInput {
  return {
    definition: validDefinition(),
    listing: validListing(),
    runs: validRuns(),
    sources: [],
  };
}

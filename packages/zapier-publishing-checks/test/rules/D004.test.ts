import rule from '../../src/rules/D004-id-fields-offer-dropdowns';
import type { TestInput } from '../rule-tester';
import { fields, step, testRule } from '../rule-tester';
import {
  VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES,
  withDropdownSource,
} from './hidden-dropdown';

const FUNC = '$func$2$f$';
const NO_DROPDOWN = 'give it a dynamic dropdown ("dynamic": "trigger_key.id.label")';

/** A change that adds input fields to Create Contact. */
const withField =
  (...added: Record<string, unknown>[]) =>
  (input: TestInput): void => {
    fields(input, 'creates.create_contact').push(...added);
  };

/** A change that adds input fields to a step. */
const withFieldIn =
  (path: string, ...added: Record<string, unknown>[]) =>
  (input: TestInput): void => {
    fields(input, path).push(...added);
  };

/** Lookup keys of Find Contact: the ID of what it finds. */
const CONTACT_ID = {
  key: 'contact_id',
  label: 'Contact ID',
  helpText: 'The contact to look up, from an earlier step.',
};
const BARE_ID = {
  key: 'id',
  label: 'ID',
  helpText: 'The contact to look up, by its ID.',
};

testRule(rule, {
  valid: [
    {
      name: 'the hidden step it leaves alone: a dropdown source asking for an account ID',
      change: withDropdownSource(true),
    },
    {
      name: 'a dropdown of choices a function gives ({ perform })',
      change: withFieldIn('triggers.new_contact', {
        key: 'team_id',
        label: 'Team',
        helpText: 'The team whose contacts start the Zap.',
        choices: { perform: FUNC },
      }),
    },
    ...(
      [
        ['a list', ['lead', 'customer']],
        ['a value-to-label map', { lead: 'Lead', customer: 'Customer' }],
      ] as const
    ).map(([kind, choices]) => ({
      name: `static choices (${kind}) are a dropdown`,
      change: withField({
        key: 'stage_id',
        label: 'Stage ID',
        helpText: 'The stage the contact starts in.',
        choices,
      }),
    })),
    ...[
      'The Caller ID. Use one of your verified numbers.',
      'ID of the list to add the contact to.',
    ].map((helpText) => ({
      name: `help text is not read: "${helpText}" in a field named From`,
      change: withField({ key: 'from', label: 'From', helpText }),
    })),
    ...[
      ['accountNumber', 'Account Number'],
      ['bankCode', 'Bank Code'],
      ['merchantTxRef', 'Merchant Tx Ref'],
      ['accountRef', 'Account Ref'],
      ['bvn', 'BVN'],
    ].map(([key, label]) => ({
      name: `a number, a code or a reference is no ID, as Zapier left ${key} alone`,
      change: withField({ key, label, helpText: 'As your bank gives it.' }),
    })),
    ...[
      ['id_type', 'ID Type'],
      ['idempotency_key', 'Idempotency Key'],
    ].map(([key, label]) => ({
      name: `an ID word that is not the last word: ${key} ("${label}")`,
      change: withField({ key, label, helpText: 'How the contact is identified.' }),
    })),
    ...[
      'paid',
      'valid',
      'android',
      'grids',
      'amount_repaid',
      'humanoid',
      'projectid',
    ].map((key) => ({
      name: `a word that ends in "id" but names none of the app's objects: ${key}`,
      change: withField({
        key,
        label: key.charAt(0).toUpperCase() + key.slice(1),
        helpText: 'Whether it applies.',
      }),
    })),
    ...[
      ['contact', 'Contact (ID or email)'],
      ['owner', 'Owner - the user ID who owns the contact'],
    ].map(([key, label]) => ({
      name: `an ID named only in a note of the label: "${label}"`,
      change: withField({ key, label, helpText: 'Who the contact belongs to.' }),
    })),
  ],
  invalid: [
    {
      name: 'the list ID of New Contact without its dropdown',
      change: (input) => {
        delete fields(input, 'triggers.new_contact')[0]!.dynamic;
      },
      findings: [{ at: 'triggers.new_contact list_id', message: NO_DROPDOWN }],
    },
    ...[
      ['listID', 'List'],
      ['list_id', 'List'],
      ['list', 'List Id'],
    ].map(([key, label]) => ({
      name: `an ID in the key or label: ${key} labelled "${label}"`,
      change: withFieldIn('triggers.new_contact', {
        key,
        label,
        helpText: 'The list to watch.',
      }),
      findings: [{ at: `triggers.new_contact ${key}`, message: NO_DROPDOWN }],
    })),
    ...[
      ['companyGuid', 'Company GUID'],
      ['owner_uuid', 'Owner UUID'],
      ['tag_ids', 'Tag IDs'],
      ['tags', 'Tag IDs'],
      ['owners', 'Owner UUIDs'],
      ['labels', 'Label GUIDs'],
    ].map(([key, label]) => ({
      name: `${key} labelled "${label}" asks for IDs: the words keep IDs whole`,
      change: withField({ key, label, helpText: 'Which ones to attach the contact to.' }),
      findings: [{ at: `creates.create_contact ${key}`, message: NO_DROPDOWN }],
    })),
    ...[
      ['entity_uid', 'Entity Uid'],
      ['category__uid', 'Category Uid'],
      ['uid', 'UID'],
      ['chatGuid', 'Chat'],
      ['pdfTemplateId', 'PDF Template'],
    ].map(([key, label]) => ({
      name: `${key} ("${label}"), as Zapier reported it`,
      change: withField({ key, label, helpText: 'Which one to use.' }),
      findings: [{ at: `creates.create_contact ${key}`, message: NO_DROPDOWN }],
    })),
    ...[
      ['contactid', 'Contact'],
      ['listids', 'Lists'],
      ['owner', 'Ownerid'],
    ].map(([key, label]) => ({
      name: `one of the app's objects run together with "id": ${key} labelled "${label}"`,
      change: withField({ key, label, helpText: 'Which one to use.' }),
      findings: [{ at: `creates.create_contact ${key}`, message: NO_DROPDOWN }],
    })),
    ...[
      ['contacts', 'Contact IDs (comma-separated)'],
      ['client', 'Client ID - from your dashboard'],
    ].map(([key, label]) => ({
      name: `an ID before a note of the label: "${label}"`,
      change: withField({ key, label, helpText: 'Which ones to use.' }),
      findings: [{ at: `creates.create_contact ${key}`, message: NO_DROPDOWN }],
    })),
    {
      name: 'a team ID with neither choices nor a dropdown',
      change: withFieldIn('triggers.new_contact', {
        key: 'team_id',
        label: 'Team',
        helpText: 'The team whose contacts start the Zap.',
      }),
      findings: [{ at: 'triggers.new_contact team_id', message: NO_DROPDOWN }],
    },
    {
      name: "an ID of the app's own objects (Customer ID)",
      change: withField({
        key: 'customer_id',
        label: 'Customer ID',
        helpText: 'The customer to attach the contact to.',
      }),
      findings: [{ at: 'creates.create_contact customer_id', message: NO_DROPDOWN }],
    },
    {
      name: 'an ID from the user\'s other system ("External ID"): no exemption',
      change: withField({
        key: 'customer_external_id',
        label: 'Customer External ID',
        helpText: 'The ID of the customer in your own system, stored with the contact.',
      }),
      findings: [
        { at: 'creates.create_contact customer_external_id', message: NO_DROPDOWN },
      ],
    },
    {
      name: "a search's one lookup key, as Zapier reported auditId in Find Audit",
      change: (input) => {
        fields(input, 'searches.find_contact').splice(0, 1, {
          key: 'auditId',
          label: 'Audit ID',
          required: true,
          helpText: 'The audit to find.',
        });
      },
      findings: [{ at: 'searches.find_contact auditId', message: NO_DROPDOWN }],
    },
    {
      name: "a search's lookup keys, named for its object or bare, and another object's ID",
      change: withFieldIn('searches.find_contact', CONTACT_ID, BARE_ID, {
        key: 'workspace_id',
        label: 'Workspace ID',
        helpText: 'The workspace to search in.',
      }),
      findings: [
        { at: 'searches.find_contact contact_id', message: NO_DROPDOWN },
        { at: 'searches.find_contact id', message: NO_DROPDOWN },
        { at: 'searches.find_contact workspace_id', message: NO_DROPDOWN },
      ],
    },
    ...[
      'Your own ID for this message, to recognise it later.',
      'An ID of your choice, stored with the message.',
      'The ID you assign to the message in your system.',
    ].map((helpText) => ({
      name: `an ID the help text says the user owns: "${helpText}"`,
      change: withField({ key: 'message_id', label: 'Message ID', helpText }),
      findings: [{ at: 'creates.create_contact message_id', message: NO_DROPDOWN }],
    })),
    {
      name: 'the ID of the record a create makes: Zapier reads the field, not what exists',
      change: withField({ key: 'data.id', label: 'Contact id - [data.id]' }),
      findings: [{ at: 'creates.create_contact data.id', message: NO_DROPDOWN }],
    },
    {
      name: 'a page position ("Used for cursor pagination"): Zapier reads the field',
      change: withField({
        key: 'last_id',
        label: 'Last ID',
        helpText:
          'ID of the last message from the previous page. Used for cursor pagination.',
      }),
      findings: [{ at: 'creates.create_contact last_id', message: NO_DROPDOWN }],
    },
    {
      name: 'a reference the user assigns (Client Reference Id)',
      change: withField({
        key: 'body_clientReferenceId',
        label: 'Client Reference Id',
        helpText: 'Optional, for tracking.',
      }),
      findings: [
        { at: 'creates.create_contact body_clientReferenceId', message: NO_DROPDOWN },
      ],
    },
    {
      name: 'the ID of the record an update changes',
      change: (input) => {
        const update = step(input, 'creates.create_contact');
        update.key = 'update_contact';
        update.display!.label = 'Update Contact';
        update.operation!.inputFields!.push({
          key: 'data.id',
          label: 'Contact id - [data.id]',
        });
        input.definition.creates = { update_contact: update };
        input.definition.searchOrCreates!.find_contact!.create = 'update_contact';
        for (const run of input.runs) {
          if (run.path === 'creates.create_contact') {
            run.path = 'creates.update_contact';
          }
        }
      },
      findings: [{ at: 'creates.update_contact data.id', message: NO_DROPDOWN }],
    },
    {
      name: 'a create that may update asks for the records it updates',
      change: (input) => {
        step(input, 'creates.create_contact').display!.label = 'Create or Update Contact';
        fields(input, 'creates.create_contact').push({
          key: 'contact_id',
          label: 'Contact ID',
          helpText: 'Leave it empty to create a contact.',
        });
      },
      findings: [{ at: 'creates.create_contact contact_id', message: NO_DROPDOWN }],
    },
    {
      name: '"if you want to use" is no ID the user owns',
      change: withField({
        key: 'sourceId',
        label: 'Source Id',
        helpText: 'If you want to use an existing source, find it with Find Payer.',
      }),
      findings: [{ at: 'creates.create_contact sourceId', message: NO_DROPDOWN }],
    },
    {
      name: 'the same dropdown source, made visible',
      change: withDropdownSource(false),
      findings: [{ at: 'triggers.list account_id', message: NO_DROPDOWN }],
      alsoChanges: VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES.filter((id) => id !== 'D004'),
    },
  ],
});

/**
 * The previous public version of an app, and, per rule of
 * docs/versioning.md, a next version that breaks exactly that rule: a
 * fixture pair per rule.
 */
import type { AppDefinition } from '../src/shared/definition';
import type { VersioningRuleId } from '../src/versioning/rules';

export function previousVersion(): AppDefinition {
  return {
    version: '1.0.0',
    platformVersion: '19.1.0',
    authentication: {
      type: 'custom',
      fields: [
        { key: 'api_key', label: 'API Key', type: 'string', required: true },
        { key: 'subdomain', label: 'Subdomain', type: 'string', required: true },
      ],
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
          perform: '$func$0$f$',
          inputFields: [
            { key: 'list_id', label: 'List', required: false },
            { key: 'tag', label: 'Tag' },
            {
              key: 'filter',
              label: 'Filter',
              type: 'json',
              schema: {
                type: 'object',
                properties: { status: { type: 'string', enum: ['open', 'won'] } },
              },
            },
          ],
          outputFields: [{ key: 'id' }, { key: 'email' }],
          sample: { id: '1', email: 'ada@example.org', company: { name: 'Engines' } },
        },
      },
      new_deal: {
        key: 'new_deal',
        noun: 'Deal',
        display: { label: 'New Deal', description: 'Triggers when a deal is won.' },
        operation: {
          type: 'hook',
          perform: '$func$1$f$',
          performList: '$func$2$f$',
          performSubscribe: '$func$3$f$',
          performUnsubscribe: '$func$4$f$',
          sample: { id: '1' },
        },
      },
    },
    searches: {
      find_contact: {
        key: 'find_contact',
        noun: 'Contact',
        display: { label: 'Find Contact', description: 'Finds a contact.' },
        operation: {
          perform: '$func$5$f$',
          inputFields: [{ key: 'email', label: 'Email', required: true }],
          sample: { id: '1' },
        },
      },
    },
    creates: {
      create_contact: {
        key: 'create_contact',
        noun: 'Contact',
        display: { label: 'Create Contact', description: 'Creates a contact.' },
        operation: {
          perform: '$func$6$f$',
          inputFields: [
            { key: 'email', label: 'Email', required: true },
            { key: 'name', label: 'Name' },
          ],
          sample: { id: '1' },
        },
      },
    },
    searchOrCreates: {
      find_or_create_contact: {
        key: 'find_or_create_contact',
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

/** The previous version, changed by `change` (a fresh copy). */
export function nextVersion(change: (next: AppDefinition) => void): AppDefinition {
  const next = previousVersion();
  change(next);
  return next;
}

type Fields = {
  key?: string;
  label?: string;
  type?: string;
  required?: boolean;
  list?: boolean;
  default?: string;
  schema?: unknown;
}[];

/** The input fields of a step, to change in place. */
export const inputsOf = (
  definition: AppDefinition,
  group: 'triggers' | 'creates',
  key: string,
) => definition[group]![key]!.operation!.inputFields as Fields;

export const authFieldsOf = (definition: AppDefinition) =>
  definition.authentication!.fields as Fields;

const filterSchema = (next: AppDefinition) =>
  inputsOf(next, 'triggers', 'new_contact')[2]!.schema as {
    required?: string[];
    additionalProperties?: boolean;
    properties: { status: { enum: string[]; maxLength?: number } };
  };

export interface FixturePair {
  rule: VersioningRuleId;
  /** What breaks it, for the test's name. */
  change: string;
  next: AppDefinition;
  /** Where the change is reported. */
  where: string;
}

export const FIXTURE_PAIRS: FixturePair[] = [
  {
    rule: 'removed-step',
    change: 'a create removed',
    next: nextVersion((next) => {
      next.creates = {};
    }),
    where: 'creates.create_contact',
  },
  {
    rule: 'auth-type',
    change: 'custom auth turned into OAuth 2',
    next: nextVersion((next) => {
      next.authentication = { type: 'oauth2', fields: [] };
    }),
    where: 'authentication',
  },
  {
    rule: 'trigger-type',
    change: 'a polling trigger turned into a hook',
    next: nextVersion((next) => {
      next.triggers!.new_contact!.operation!.type = 'hook';
    }),
    where: 'triggers.new_contact',
  },
  {
    rule: 'trigger-type',
    change: 'a hook trigger turned into a polling one',
    next: nextVersion((next) => {
      delete next.triggers!.new_deal!.operation!.type;
    }),
    where: 'triggers.new_deal',
  },
  {
    rule: 'removed-search-or-create',
    change: 'a searchOrCreate removed',
    next: nextVersion((next) => {
      next.searchOrCreates = {};
    }),
    where: 'searchOrCreates.find_or_create_contact',
  },
  {
    rule: 'removed-input-field',
    change: 'an input field removed',
    next: nextVersion((next) => {
      inputsOf(next, 'triggers', 'new_contact').splice(1, 1);
    }),
    where: 'triggers.new_contact tag',
  },
  {
    rule: 'newly-required-field',
    change: 'an optional input field made required without a default',
    next: nextVersion((next) => {
      inputsOf(next, 'triggers', 'new_contact')[0]!.required = true;
    }),
    where: 'triggers.new_contact list_id',
  },
  {
    rule: 'auth-field',
    change: 'an auth field removed',
    next: nextVersion((next) => {
      authFieldsOf(next).splice(1, 1);
    }),
    where: 'authentication subdomain',
  },
  {
    rule: 'auth-field',
    change: 'a required auth field added',
    next: nextVersion((next) => {
      authFieldsOf(next).push({ key: 'region', label: 'Region', required: true });
    }),
    where: 'authentication region',
  },
  {
    rule: 'auth-field',
    change: "an auth field's type changed",
    next: nextVersion((next) => {
      authFieldsOf(next)[0]!.type = 'password';
    }),
    where: 'authentication api_key',
  },
  {
    rule: 'input-field-type',
    change: 'a string input field turned into a list',
    next: nextVersion((next) => {
      inputsOf(next, 'triggers', 'new_contact')[1]!.list = true;
    }),
    where: 'triggers.new_contact tag',
  },
  {
    rule: 'json-schema',
    change: "an enum value dropped from a json field's schema",
    next: nextVersion((next) => {
      filterSchema(next).properties.status.enum = ['open'];
    }),
    where: 'triggers.new_contact filter',
  },
  {
    rule: 'json-schema',
    change: "a property made required in a json field's schema",
    next: nextVersion((next) => {
      filterSchema(next).required = ['status'];
    }),
    where: 'triggers.new_contact filter',
  },
  {
    rule: 'json-schema',
    change: "additional properties refused by a json field's schema",
    next: nextVersion((next) => {
      filterSchema(next).additionalProperties = false;
    }),
    where: 'triggers.new_contact filter',
  },
  {
    rule: 'json-schema',
    change: "a limit added to a json field's schema",
    next: nextVersion((next) => {
      filterSchema(next).properties.status.maxLength = 4;
    }),
    where: 'triggers.new_contact filter',
  },
  {
    rule: 'renamed-step',
    change: "a create's key renamed, its label kept",
    next: nextVersion((next) => {
      const create = next.creates!.create_contact!;
      next.creates = { add_contact: { ...create, key: 'add_contact' } };
    }),
    where: 'creates.create_contact',
  },
  {
    rule: 'renamed-input-field',
    change: "an input field's key renamed, its label kept",
    next: nextVersion((next) => {
      inputsOf(next, 'triggers', 'new_contact')[1]!.key = 'tag_name';
    }),
    where: 'triggers.new_contact tag',
  },
  {
    rule: 'renamed-auth-field',
    change: "an auth field's key renamed, its label kept",
    next: nextVersion((next) => {
      authFieldsOf(next)[0]!.key = 'token';
    }),
    where: 'authentication api_key',
  },
  {
    rule: 'removed-output-field',
    change: 'an output field removed',
    next: nextVersion((next) => {
      next.triggers!.new_contact!.operation!.outputFields = [{ key: 'id' }];
      delete (next.triggers!.new_contact!.operation!.sample as { email?: string }).email;
    }),
    where: 'triggers.new_contact email',
  },
  {
    rule: 'new-required-field',
    change: 'a required input field without a default added to a create',
    next: nextVersion((next) => {
      inputsOf(next, 'creates', 'create_contact').push({
        key: 'owner',
        label: 'Owner',
        required: true,
      });
    }),
    where: 'creates.create_contact owner',
  },
  {
    rule: 'C001',
    change: 'a visible create hidden',
    next: nextVersion((next) => {
      next.creates!.create_contact!.display!.hidden = true;
    }),
    where: 'creates.create_contact',
  },
  {
    rule: 'C002',
    change: 'an input field of a visible step removed',
    next: nextVersion((next) => {
      inputsOf(next, 'creates', 'create_contact').splice(1, 1);
    }),
    where: 'creates.create_contact name',
  },
  {
    rule: 'C003',
    change: 'a nested sample key removed',
    next: nextVersion((next) => {
      next.triggers!.new_contact!.operation!.sample = {
        id: '1',
        email: 'ada@example.org',
        company: {},
      };
    }),
    where: 'triggers.new_contact company__name',
  },
];

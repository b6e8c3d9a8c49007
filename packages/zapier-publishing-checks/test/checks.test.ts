/**
 * Every check, fed a definition (or local run, or listing) that breaks
 * exactly its rule: that check, and only that check, stops passing.
 */
import type { CheckInput } from '../src/checks/check';
import { titleCaseProblems } from '../src/checks/copy';
import { ALL_CHECKS } from '../src/checks';
import type { StepDefinition } from '../src/definition';
import type { Item } from '../src/values';
import { reportLines } from '../src/report';
import { runChecks } from '../src/runner';
import { validInput } from './fixtures';

const FUNC = '$func$2$f$';

function step(input: CheckInput, path: string): StepDefinition {
  const [group, key] = path.split('.') as ['triggers' | 'searches' | 'creates', string];
  const found = input.definition[group]?.[key];
  if (found === undefined) {
    throw new Error(`the fixture has no ${path}`);
  }
  return found;
}

function operation(input: CheckInput, path: string) {
  const found = step(input, path).operation;
  if (found === undefined) {
    throw new Error(`the fixture's ${path} has no operation`);
  }
  return found;
}

function fields(input: CheckInput, path: string): Record<string, unknown>[] {
  return (operation(input, path).inputFields ?? []) as Record<string, unknown>[];
}

function sample(input: CheckInput, path: string): Item {
  return operation(input, path).sample as Item;
}

function runItem(input: CheckInput, path: string, method: string): Item {
  const run = input.runs.find((each) => each.path === path && each.method === method);
  if (run?.outcome.kind !== 'items' || run.outcome.items[0] === undefined) {
    throw new Error(`the fixture has no ${method} item for ${path}`);
  }
  return run.outcome.items[0];
}

function authFields(input: CheckInput): Record<string, unknown>[] {
  return (input.definition.authentication?.fields ?? []) as Record<string, unknown>[];
}

interface Break {
  id: string;
  status: 'failure' | 'warning';
  change: RegExp;
  breakIt: (input: CheckInput) => void;
  /** Checks that cannot pass either when this rule is broken. */
  alsoFails?: string[];
}

const BREAKS: Break[] = [
  {
    id: 'D001',
    status: 'failure',
    change: /triggers\.new_contact input field api_token: .*authentication/,
    breakIt: (input) =>
      fields(input, 'triggers.new_contact').push({
        key: 'api_token',
        label: 'Token',
        helpText: 'Your token, from the settings.',
      }),
  },
  {
    id: 'D002',
    status: 'failure',
    change: /authentication field api_key: add help text with a markdown link/,
    breakIt: (input) => {
      authFields(input)[0]!.helpText = 'Copy it from your account page.';
    },
  },
  {
    id: 'D003',
    status: 'failure',
    change: /never a token, key or password/,
    breakIt: (input) => {
      input.definition.authentication!.connectionLabel = '{{bundle.authData.api_key}}';
    },
  },
  {
    id: 'D004',
    status: 'failure',
    change: /triggers\.new_contact input field list_id: give it a dynamic dropdown/,
    breakIt: (input) => {
      delete fields(input, 'triggers.new_contact')[0]!.dynamic;
    },
  },
  {
    id: 'D005',
    status: 'failure',
    change: /"dynamic": "lists\.id\.name" names no trigger/,
    breakIt: (input) => {
      fields(input, 'triggers.new_contact')[0]!.dynamic = 'lists.id.name';
    },
  },
  {
    id: 'D006',
    status: 'failure',
    change: /triggers\.contact_hook: add operation\.performList/,
    breakIt: (input) => {
      delete operation(input, 'triggers.contact_hook').performList;
    },
  },
  {
    id: 'D007',
    status: 'failure',
    change: /creates\.create_contact\.operation\.perform\.url: use https/,
    breakIt: (input) => {
      operation(input, 'creates.create_contact').perform = {
        url: 'http://api.example.org/contacts',
      };
    },
  },
  {
    id: 'D008',
    status: 'failure',
    change:
      /searches\.find_contact\.operation\.inputFields\[0\]\.helpText: wrap the bare URL/,
    breakIt: (input) => {
      fields(input, 'searches.find_contact')[0]!.helpText =
        'As shown on https://app.example.org/contacts.';
    },
  },
  {
    id: 'D009',
    status: 'failure',
    change: /searches\.find_contact: add an input field/,
    breakIt: (input) => {
      operation(input, 'searches.find_contact').inputFields = [];
    },
  },
  {
    id: 'D010',
    status: 'failure',
    change: /triggers\.new_contact: add "id" to the sample/,
    breakIt: (input) => {
      delete sample(input, 'triggers.new_contact').id;
    },
  },
  {
    id: 'D011',
    status: 'failure',
    change:
      /searches\.find_contact input field email: make the help text explain the field/,
    breakIt: (input) => {
      fields(input, 'searches.find_contact')[0]!.helpText = 'Email.';
    },
  },
  {
    id: 'D012',
    status: 'failure',
    change: /creates\.create_contact: add operation\.sample/,
    breakIt: (input) => {
      delete operation(input, 'creates.create_contact').sample;
    },
  },
  {
    id: 'D013',
    status: 'failure',
    change: /"search": "find_person\.id" names no search/,
    breakIt: (input) => {
      fields(input, 'creates.create_contact')[1]!.search = 'find_person.id';
    },
  },
  {
    id: 'D014',
    status: 'failure',
    change:
      /creates\.create_contact input field owner: give it a dynamic dropdown .* beside its "search"/,
    breakIt: (input) => {
      delete fields(input, 'creates.create_contact')[1]!.dynamic;
    },
  },
  {
    id: 'D015',
    status: 'failure',
    change: /searchOrCreates\.find_contact: "create" must name an existing create/,
    breakIt: (input) => {
      input.definition.searchOrCreates!.find_contact!.create = 'add_contact';
    },
  },
  {
    id: 'D016',
    status: 'failure',
    change: /triggers\.contact_hook is the only visible step and a static webhook/,
    // A lone static webhook is also a hook without subscribe and unsubscribe.
    alsoFails: ['D017'],
    breakIt: (input) => {
      const hook = step(input, 'triggers.contact_hook');
      delete hook.operation!.performSubscribe;
      delete hook.operation!.performUnsubscribe;
      input.definition.triggers = { contact_hook: hook };
      input.definition.searches = {};
      input.definition.creates = {};
      input.definition.searchOrCreates = {};
      input.runs = input.runs.filter((run) => run.path === 'triggers.contact_hook');
    },
  },
  {
    id: 'D017',
    status: 'failure',
    change: /triggers\.contact_hook: add both performSubscribe and performUnsubscribe/,
    breakIt: (input) => {
      delete operation(input, 'triggers.contact_hook').performUnsubscribe;
    },
  },
  {
    id: 'D018',
    status: 'failure',
    change:
      /searches\.find_contact: capitalise "email" in the label "Find Contact by email"/,
    breakIt: (input) => {
      step(input, 'searches.find_contact').display!.label = 'Find Contact by email';
    },
  },
  {
    id: 'D021',
    status: 'failure',
    change: /triggers\.new_contact: write the description as "Triggers when … \."/,
    breakIt: (input) => {
      step(input, 'triggers.new_contact').display!.description =
        'Fires when a contact is added.';
    },
  },
  {
    id: 'D022',
    status: 'failure',
    change: /creates\.create_contact: declare at least one input field in the definition/,
    breakIt: (input) => {
      operation(input, 'creates.create_contact').inputFields = [FUNC];
    },
  },
  {
    id: 'D023',
    status: 'failure',
    change:
      /triggers\.new_contact sample created_at: "03\/14\/2026 09:26": write it as ISO 8601/,
    breakIt: (input) => {
      sample(input, 'triggers.new_contact').created_at = '03/14/2026 09:26';
    },
  },
  {
    id: 'D024',
    status: 'warning',
    change:
      /triggers\.new_contact sample: "vip" is of type boolean but holds string "yes"/,
    breakIt: (input) => {
      sample(input, 'triggers.new_contact').vip = 'yes';
    },
  },
  {
    id: 'D025',
    status: 'failure',
    change: /creates\.create_contact\.operation\.perform\.url: remove the javascript:/,
    breakIt: (input) => {
      operation(input, 'creates.create_contact').perform = { url: 'javascript:alert(1)' };
    },
  },
  {
    id: 'D026',
    status: 'failure',
    change:
      /authentication field subdomain holds a subdomain, and the code uses it with no check nearby/,
    breakIt: (input) => {
      authFields(input).push({
        key: 'subdomain',
        label: 'Subdomain',
        helpText: 'The first part of your address, as in `acme.example.org`.',
      });
      input.sources = [
        {
          path: 'index.js',
          text: 'const url = `https://${bundle.authData.subdomain}.example.org/api`;',
        },
      ];
    },
  },
  {
    id: 'D028',
    status: 'warning',
    change: /flags\.cleanInputData is true/,
    breakIt: (input) => {
      input.definition.flags = { cleanInputData: true };
    },
  },
  {
    id: 'M002',
    status: 'failure',
    change: /leave "Zapier" out of the description/,
    breakIt: (input) => {
      input.listing = {
        found: true,
        path: 'listing.json',
        listing: {
          title: 'Contacts Hub',
          description: 'Contacts Hub is a contact manager made for Zapier users.',
        },
      };
    },
  },
  {
    id: 'T002',
    status: 'failure',
    change: /triggers\.new_contact perform item 0: return "vip" with every item/,
    // An item without its primary key also lacks a key of the sample, which must hold it (D010).
    alsoFails: ['T004'],
    breakIt: (input) => {
      step(input, 'triggers.new_contact').operation!.outputFields!.push({
        key: 'vip',
        label: 'VIP',
        type: 'boolean',
        primary: true,
      });
      delete runItem(input, 'triggers.new_contact', 'perform').vip;
    },
  },
  {
    id: 'T003',
    status: 'warning',
    change:
      /triggers\.new_contact perform created_at: "March 14, 2026": return dates as ISO 8601/,
    breakIt: (input) => {
      runItem(input, 'triggers.new_contact', 'perform').created_at = 'March 14, 2026';
    },
  },
  {
    id: 'T004',
    status: 'failure',
    change: /triggers\.new_contact: perform never returns "nickname"/,
    breakIt: (input) => {
      sample(input, 'triggers.new_contact').nickname = 'Ada';
    },
  },
  {
    id: 'T005',
    status: 'failure',
    change:
      /triggers\.new_contact perform item 0: "score" is of type integer but holds string "7"/,
    breakIt: (input) => {
      runItem(input, 'triggers.new_contact', 'perform').score = '7';
    },
  },
  {
    id: 'T006',
    status: 'failure',
    change:
      /triggers\.contact_hook: performList returns "listed_at" that no delivery brings/,
    breakIt: (input) => {
      runItem(input, 'triggers.contact_hook', 'performList').listed_at = '2026-03-14';
    },
  },
  {
    id: 'Z001',
    status: 'failure',
    change:
      /triggers\.contact_hook performList item 0: required output field "email" is missing/,
    breakIt: (input) => {
      runItem(input, 'triggers.contact_hook', 'performList').email = null;
    },
  },
  {
    id: 'local:json-field-schema',
    status: 'failure',
    change:
      /creates\.create_contact input field payload: default\.tags is string, not array: make the default satisfy the schema/,
    breakIt: (input) =>
      fields(input, 'creates.create_contact').push({
        key: 'payload',
        label: 'Payload',
        type: 'json',
        helpText: 'The custom data stored with the contact.',
        schema: { type: 'object', properties: { tags: { type: 'array' } } },
        default: '{"tags": "vip"}',
      }),
  },
  {
    id: 'local:curlies-in-request',
    status: 'failure',
    change:
      /lib\/client\.js:2: z\.request\(\) is given "{{bundle\.authData\.token}}", which core 17\+ refuses/,
    breakIt: (input) => {
      input.sources = [
        {
          path: 'lib/client.js',
          text: "const perform = (z) =>\n  z.request({ url: 'https://api.example.org/me', headers: { Authorization: 'Bearer {{bundle.authData.token}}' } });",
        },
      ];
    },
  },
];

const notPassing = (input: CheckInput) =>
  runChecks(input).filter((result) => result.status !== 'pass');

describe('the fixture', () => {
  it('passes every check', () => {
    expect(notPassing(validInput())).toEqual([]);
  });

  it('is broken once for every check', () => {
    expect(BREAKS.map((each) => each.id).sort()).toEqual(
      ALL_CHECKS.map((check) => check.id).sort(),
    );
  });
});

describe.each(BREAKS)('$id', ({ id, status, change, breakIt, alsoFails = [] }) => {
  it(`gives a ${status} naming what to change, and no other check stops passing`, () => {
    const input = validInput();
    breakIt(input);
    const results = notPassing(input);
    expect(results.map((result) => result.id).sort()).toEqual([id, ...alsoFails].sort());
    const result = results.find((each) => each.id === id);
    expect(result?.status).toBe(status);
    expect(result?.findings.map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(change),
    );
  });
});

describe('D018 Title Case, the judgment call', () => {
  it.each([
    'New Lead',
    'Find or Create Contact',
    'Add Subscriber to List',
    'New iPhone Order',
    'Send SMS',
    'Update Row (Advanced)',
    'Set Up Webhook',
    'Sign In',
    'Create Billing Request (With Line Items Support)',
    'Find Contact: By Email',
    'Remove Label From String',
    'Remove Label from String',
  ])('accepts "%s"', (label) => {
    expect(titleCaseProblems(label)).toEqual({ capitalise: [], lowercase: [] });
  });

  it.each([
    ['new lead', ['new', 'lead'], []],
    ['Find contact', ['contact'], []],
    ['or Create Contact', ['or'], []],
    ['Find Contact To', [], []],
    ['Find Contact to', ['to'], []],
    ['Add Label To Issue', [], ['To']],
    ['Find Or Create Row In Sheet', [], ['Or', 'In']],
    ['Create Request (With Items Of Order)', [], ['Of']],
    ['Find Contact: by email', ['by', 'email'], []],
  ])('flags "%s"', (label, capitalise, lowercase) => {
    expect(titleCaseProblems(label)).toEqual({ capitalise, lowercase });
  });
});

function statusOf(id: string, input: CheckInput) {
  return runChecks(input).find((each) => each.id === id)?.status;
}

function findingsOf(id: string, input: CheckInput) {
  const result = runChecks(input).find((each) => each.id === id);
  return result?.findings ?? [];
}

describe('D003, the connection label', () => {
  it('refuses a constant', () => {
    const input = validInput();
    input.definition.authentication!.connectionLabel = 'Contacts Hub';
    expect(findingsOf('D003', input)).toEqual([
      {
        severity: 'failure',
        change: expect.stringMatching(/is the same for every account/) as string,
      },
    ]);
  });

  it.each([
    '{{access_token}}',
    '{{bundle.authData.refresh_token}}',
    '{{apiKey}} ({{email}})',
    '{{ password }}',
  ])('refuses the secret in "%s"', (label) => {
    const input = validInput();
    input.definition.authentication!.connectionLabel = label;
    expect(findingsOf('D003', input).map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(/never a token, key or password/),
    );
  });

  it('accepts a label that names the account: "{{user__email}} · {{project__name}}"', () => {
    const input = validInput();
    input.definition.authentication!.connectionLabel =
      '{{user__email}} · {{project__name}}';
    expect(findingsOf('D003', input)).toEqual([]);
  });

  it('leaves a computed label undecided: it decided nothing, so it warns of nothing', () => {
    const input = validInput();
    input.definition.authentication!.connectionLabel = FUNC;
    expect(findingsOf('D003', input)).toEqual([
      {
        severity: 'deferred',
        change: expect.stringMatching(
          /^authentication\.connectionLabel: not decided offline: it is computed/,
        ) as string,
      },
    ]);
  });

  it('measures a template by the text a user sees around its variables, not by its variables', () => {
    const input = validInput();
    input.definition.authentication!.connectionLabel =
      '{{bundle.inputData.organization_display_name}} ({{bundle.inputData.primary_email_address}})';
    expect(findingsOf('D003', input)).toEqual([]);
    input.definition.authentication!.connectionLabel = `{{email}} ${'connected through the integration '.repeat(2)}`;
    expect(findingsOf('D003', input)[0]?.change).toMatch(
      /shorten its text to 64 characters \(it has 69 besides its variables\)/,
    );
  });

  it('wants one', () => {
    const input = validInput();
    delete input.definition.authentication!.connectionLabel;
    expect(findingsOf('D003', input)[0]?.change).toMatch(
      /set it to what identifies the account/,
    );
  });
});

describe('D008, links', () => {
  it.each([
    'See [the docs] (https://example.org).',
    'See [the docs](https://example.org.',
  ])('refuses the malformed link in "%s"', (helpText) => {
    const input = validInput();
    fields(input, 'searches.find_contact')[0]!.helpText = helpText;
    expect(findingsOf('D008', input)[0]?.change).toMatch(
      /write the link as \[text\]\(https:\/\/…\)/,
    );
  });

  it('accepts a URL in backticks and a well-formed link', () => {
    const input = validInput();
    fields(input, 'searches.find_contact')[0]!.helpText =
      'Open `https://app.example.org`, or see [the docs](https://example.org/docs).';
    expect(findingsOf('D008', input)).toEqual([]);
  });
});

describe('M002, the directory description', () => {
  const withDescription = (description: string, title = 'Contacts Hub'): CheckInput => ({
    ...validInput(),
    listing: { found: true, path: 'listing.json', listing: { title, description } },
  });
  const changes = (input: CheckInput) =>
    findingsOf('M002', input).map((finding) => finding.change);

  it.each([
    [
      `Contacts Hub is a contact manager ${'for small teams '.repeat(8)}.`,
      /shorten the description to 140 characters/,
    ],
    ['Contacts Hub is a CRM.', /lengthen the description to at least 40 characters/],
    [
      'Contacts Hub is a tool. It stores contacts. It tags them. It sorts them.',
      /at most 3 sentences/,
    ],
    [
      'A contact manager for small teams, with notes and tags.',
      /start the description with "Contacts Hub is a"/,
    ],
    [
      'Contacts Hub is a contact manager, see https://hub.example.org for more.',
      /leave links out/,
    ],
    [
      'Contacts Hub is a contact manager that syncs your address books.',
      /not that it syncs/,
    ],
  ])('refuses "%s"', (description, change) => {
    expect(changes(withDescription(description))).toContainEqual(
      expect.stringMatching(change),
    );
  });

  it('fails a listing file it cannot read', () => {
    const input: CheckInput = {
      ...validInput(),
      listing: {
        found: false,
        path: 'listing.json',
        problem: 'listing.json is not JSON (Unexpected end of JSON input)',
        missing: false,
      },
    };
    expect(statusOf('M002', input)).toBe('failure');
    expect(changes(input)).toEqual([
      'fix the listing file: listing.json is not JSON (Unexpected end of JSON input)',
    ]);
  });

  it('says, without failing, that it needs a listing when the app has none', () => {
    const input: CheckInput = {
      ...validInput(),
      listing: {
        found: false,
        path: 'listing.json',
        problem: 'cannot read listing.json (ENOENT)',
        missing: true,
      },
    };
    expect(statusOf('M002', input)).toBe('deferred');
    expect(changes(input)).toEqual([
      'listing.json: not decided offline: M002 needs the directory listing; write this file as {"title": …, "description": …} (or pass --listing FILE) to check it here',
    ]);
  });
});

describe('local runs that gave no items', () => {
  const findingsById = (input: CheckInput) =>
    Object.fromEntries(
      notPassing(input).map((result) => [
        result.id,
        result.findings.map((finding) => `${finding.severity} ${finding.change}`),
      ]),
    );

  it('defers a run that could not happen offline, says why once (T005) and points there from the others', () => {
    const input = validInput();
    input.runs[0]!.outcome = { kind: 'not run', reason: 'it needs the network' };
    const seen = notPassing(input);
    expect(seen.map((result) => [result.id, result.status])).toEqual([
      ['T002', 'deferred'],
      ['T003', 'deferred'],
      ['T004', 'deferred'],
      ['T005', 'deferred'],
    ]);
    const byId = findingsById(input);
    expect(byId.T005).toEqual([
      'deferred triggers.new_contact perform: not decided offline: it could not run here (it needs the network); Zapier decides this on a live run',
    ]);
    for (const id of ['T002', 'T003', 'T004']) {
      expect(byId[id]).toEqual([
        'deferred triggers.new_contact perform: not decided offline: its local run gave no items (see T005)',
      ]);
    }
  });

  it('defers a visible step no local run covers', () => {
    const input = validInput();
    input.runs = input.runs.filter((run) => run.path !== 'searches.find_contact');
    expect(findingsById(input).T005).toEqual([
      'deferred searches.find_contact perform: not decided offline: it could not run here (no local run of it was recorded); Zapier decides this on a live run',
    ]);
  });

  it('fails a run that failed once, under T005; the others could not decide', () => {
    const input = validInput();
    input.runs[2]!.outcome = {
      kind: 'failed',
      error: 'Invalid API Response: - Got a result missing the "id" property',
    };
    const seen = notPassing(input);
    expect(
      seen.filter((result) => result.status === 'failure').map((result) => result.id),
    ).toEqual(['T005']);
    expect(findingsById(input).T005).toEqual([
      'failure triggers.contact_hook perform failed on a local run: Invalid API Response: - Got a result missing the "id" property; fix it so it returns items',
    ]);
    // T002 looks at polling triggers only: a hook's delivery carries no list to page.
    expect(seen.map((result) => result.id)).toEqual(['T003', 'T004', 'T005', 'T006']);
  });
});

describe('every part of a rule', () => {
  it.each([
    ['apiToken', 'Token'],
    ['authToken', 'Auth'],
    ['userPassword', 'User'],
    ['private_key', 'Key'],
    ['APISecret', 'Secret'],
    ['account', 'API Key'],
  ])('D001 refuses the input field %s labelled "%s"', (key, label) => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key,
      label,
      helpText: 'From settings.',
    });
    expect(statusOf('D001', input)).toBe('failure');
  });

  it('D001 refuses an input field of type password, whatever its key', () => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key: 'pin',
      label: 'PIN',
      type: 'password',
      helpText: 'The PIN of the list.',
    });
    expect(statusOf('D001', input)).toBe('failure');
  });

  it.each(['tokenized', 'Pass Count', 'keyword'])(
    'D001 accepts a field whose key only contains a credential word: %s',
    (key) => {
      const input = validInput();
      fields(input, 'triggers.new_contact').push({ key, label: key, helpText: 'Other.' });
      expect(findingsOf('D001', input)).toEqual([]);
    },
  );

  it.each([['listID'], ['list_id'], ['List Id']])('D004 sees an ID in %s', (name) => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key: name.includes(' ') ? 'list' : name,
      label: name.includes(' ') ? name : 'List',
      helpText: 'The list to watch.',
    });
    expect(statusOf('D004', input)).toBe('failure');
  });

  it.each(['Enter the email', 'Your email.', 'The Email field'])(
    'D011 refuses help text "%s" for the label Email: it says no more',
    (helpText) => {
      const input = validInput();
      fields(input, 'searches.find_contact')[0]!.helpText = helpText;
      expect(statusOf('D011', input)).toBe('failure');
    },
  );

  it('D011 reads authentication fields too', () => {
    const input = validInput();
    authFields(input)[0]!.helpText = 'Your API key';
    expect(findingsOf('D011', input).map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(/^authentication field api_key: make the help text explain/),
    );
  });

  it('D016 does not count a hidden trigger as a step a user can pick', () => {
    const input = validInput();
    const hook = step(input, 'triggers.contact_hook');
    delete hook.operation!.performSubscribe;
    input.definition.triggers = {
      contact_hook: hook,
      list: step(input, 'triggers.list'),
    };
    input.definition.searches = {};
    input.definition.creates = {};
    input.definition.searchOrCreates = {};
    expect(statusOf('D016', input)).toBe('failure');
  });

  it('D018 reads search-or-create labels too', () => {
    const input = validInput();
    input.definition.searchOrCreates!.find_contact!.display!.label =
      'Find or create contact';
    expect(findingsOf('D018', input).map((finding) => finding.change)).toEqual([
      'searchOrCreates.find_contact: capitalise "create", "contact" in the label "Find or create contact"',
    ]);
  });

  it.each([
    'Triggers when a contact is added',
    'Triggers when a contact is added. ',
    'Triggers when .',
    'Triggers when',
  ])('D021 refuses "%s"', (description) => {
    const input = validInput();
    step(input, 'triggers.new_contact').display!.description = description;
    expect(statusOf('D021', input)).toBe('failure');
  });

  it.each([
    ['a time without a zone', '2026-03-14T09:26:53'],
    ['a date in a list', ['03/14/2026']],
    ['a date inside an object in a list', [{ at: '03/14/2026 09:26' }]],
  ])('D023 refuses %s', (_what, value) => {
    const input = validInput();
    sample(input, 'triggers.new_contact').visits = value;
    expect(statusOf('D023', input)).toBe('failure');
  });

  it('T003 reads dates inside lists of a local run', () => {
    const input = validInput();
    runItem(input, 'triggers.new_contact', 'perform').tags = ['March 14, 2026'];
    expect(statusOf('T003', input)).toBe('warning');
  });

  it.each([
    [
      'a list field holding text',
      (item: Item) => (item.tags = 'a, b'),
      /"tags" is a list field/,
    ],
    [
      'a required field missing',
      (item: Item) => delete item.email,
      /required output field "email"/,
    ],
  ])('D024 warns about %s in the sample', (_what, breakIt, change) => {
    const input = validInput();
    breakIt(sample(input, 'triggers.new_contact'));
    expect(findingsOf('D024', input).map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(change),
    );
  });

  it.each([
    'See [the docs](javascript:alert(1)).',
    'See <a href="javascript:alert(1)">the docs</a>.',
  ])('D025 refuses the link in "%s"', (helpText) => {
    const input = validInput();
    fields(input, 'searches.find_contact')[0]!.helpText = helpText;
    expect(statusOf('D025', input)).toBe('failure');
  });

  it('D025 leaves prose that merely starts with "Data:" alone', () => {
    const input = validInput();
    fields(input, 'searches.find_contact')[0]!.helpText =
      'Data: the email the contact signed up with.';
    expect(findingsOf('D025', input)).toEqual([]);
  });

  it('D008 accepts a link with a title', () => {
    const input = validInput();
    fields(input, 'searches.find_contact')[0]!.helpText =
      'See [the docs](https://example.org/docs "Contacts docs").';
    expect(findingsOf('D008', input)).toEqual([]);
  });

  it('M002 wants a title of at least 2 characters', () => {
    const input = validInput();
    input.listing = {
      found: true,
      path: 'listing.json',
      listing: {
        title: 'C',
        description: 'C is a contact manager for small teams, with notes and tags.',
      },
    };
    expect(findingsOf('M002', input).map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(/give the app a title of at least 2 characters/),
    );
  });
});

describe('hidden steps, which feed dropdowns and users never see', () => {
  /** A dropdown's source as Zapier's templates write it: no "Triggers when", an ID field. */
  function withHiddenDropdown(hidden: boolean): CheckInput {
    const input = validInput();
    const list = step(input, 'triggers.list');
    list.display = {
      label: 'list of lists',
      description: 'Lists the lists, for dropdowns.',
      hidden,
    };
    list.operation = {
      perform: FUNC,
      inputFields: [
        { key: 'account_id', label: 'Account ID', helpText: 'Set by the app.' },
      ],
    };
    return input;
  }

  it.each(['D004', 'D018', 'D021'])('%s does not read a hidden step', (id) => {
    expect(findingsOf(id, withHiddenDropdown(true))).toEqual([]);
  });

  it.each(['D004', 'D018', 'D021'])('%s still reads the same step once visible', (id) => {
    expect(statusOf(id, withHiddenDropdown(false))).toBe('failure');
  });

  it('passes every check with a hidden step without label or description', () => {
    const input = validInput();
    step(input, 'triggers.list').display = { hidden: true };
    expect(runChecks(input).filter((result) => result.status !== 'pass')).toEqual([]);
  });
});

describe('a check that throws', () => {
  it('fails, naming what went wrong, instead of passing', () => {
    const input = validInput();
    step(input, 'triggers.new_contact').display!.label = 42 as unknown as string;
    const result = runChecks(input).find((each) => each.id === 'D018');
    expect(result?.status).toBe('failure');
    expect(result?.findings[0]?.change).toMatch(/^the check itself failed \(.+\)/);
  });
});

describe('apps no one here wrote: each false positive, fixed at its rule', () => {
  it('class 3, D024: an output field without a type takes objects, lists and numbers; line items too', () => {
    const input = validInput();
    const operation = step(input, 'triggers.new_contact').operation!;
    operation.sample = {
      ...(operation.sample as Item),
      meta: { a: 1 },
      labels: ['x'],
      count: 3,
      lines: [{ sku: 'A' }],
    };
    operation.outputFields = [
      ...(operation.outputFields ?? []),
      { key: 'meta' },
      { key: 'labels', list: true },
      { key: 'count' },
      { key: 'lines', children: [{ key: 'sku' }] },
    ];
    expect(findingsOf('D024', input)).toEqual([]);
    operation.outputFields.push({ key: 'count_typed', type: 'string' });
    (operation.sample as Item).count_typed = 3;
    expect(statusOf('D024', input)).toBe('warning');
  });

  it.each([
    ['page_token', 'Page Token'],
    ['next_page_token', 'Next Page'],
    ['file_token', 'Uploaded File Token'],
    ['signature', 'Digital Signature'],
  ])('class 4, D001: %s ("%s") is no credential', (key, label) => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key,
      label,
      helpText: 'From the previous step.',
    });
    expect(findingsOf('D001', input)).toEqual([]);
  });

  it.each([
    ['api_token', 'Token'],
    ['webhook_secret', 'Signing Secret'],
    ['signing_key', 'Signing Key'],
  ])('class 4, D001: %s ("%s") still is one', (key, label) => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key,
      label,
      helpText: 'From settings.',
    });
    expect(statusOf('D001', input)).toBe('failure');
  });

  it.each([
    ['version', '0.1.15'],
    ['phone', '01.11.11.11.11'],
    ['build', '2.10.2026.4'],
    ['duration_time', 30],
  ])('class 5, D023: %s %j is no date', (key, value) => {
    const input = validInput();
    sample(input, 'triggers.new_contact')[key] = value;
    expect(findingsOf('D023', input)).toEqual([]);
  });

  it.each([
    ['createdAt', 1472069465],
    ['created', 1472069465123],
    ['updatedAt', 'Tue Sep 04 15:55:52 +0000 2012'],
    ['visit_date', '14.03.2026'],
  ])('class 5, D023: %s %j is a date that is not ISO 8601', (key, value) => {
    const input = validInput();
    sample(input, 'triggers.new_contact')[key] = value;
    expect(statusOf('D023', input)).toBe('failure');
  });

  it('class 6, D002: an account password needs no link to where it is found', () => {
    const input = validInput();
    authFields(input).push({
      key: 'password',
      label: 'Password',
      type: 'password',
      required: true,
      helpText: 'The password you sign in with.',
    });
    expect(findingsOf('D002', input)).toEqual([]);
    authFields(input).push({
      key: 'api_token',
      label: 'API Token',
      helpText: 'Your token.',
    });
    expect(statusOf('D002', input)).toBe('failure');
  });

  it('class 7, D014: a search link with a dynamic dropdown passes, whatever its list', () => {
    const input = validInput();
    fields(input, 'creates.create_contact')[1]!.list = true;
    expect(findingsOf('D014', input)).toEqual([]);
  });

  it('class 8, D004: a dropdown of choices a function gives (choices: { perform }) is a dropdown', () => {
    const input = validInput();
    fields(input, 'triggers.new_contact').push({
      key: 'team_id',
      label: 'Team',
      helpText: 'The team whose contacts start the Zap.',
      choices: { perform: FUNC },
    });
    expect(findingsOf('D004', input)).toEqual([]);
    delete fields(input, 'triggers.new_contact').at(-1)!.choices;
    expect(statusOf('D004', input)).toBe('failure');
  });

  it('class 9, D018: "Add Label To Issue" is refused, as Zapier refused it', () => {
    const input = validInput();
    step(input, 'creates.create_contact').display!.label = 'Add Label To Issue';
    expect(findingsOf('D018', input).map((finding) => finding.change)).toEqual([
      'creates.create_contact: write "To" in lowercase in the label "Add Label To Issue"',
    ]);
  });

  it('class 10, D004: an ID from the user\'s other system ("External ID") needs no dropdown', () => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'customer_external_id',
      label: 'Customer External ID',
      helpText: 'The ID of the customer in your own system, stored with the contact.',
    });
    expect(findingsOf('D004', input)).toEqual([]);
    Object.assign(fields(input, 'creates.create_contact').at(-1)!, {
      key: 'customer_id',
      label: 'Customer ID',
      helpText: 'The customer to attach the contact to.',
    });
    expect(statusOf('D004', input)).toBe('failure');
  });

  it('class 11, D018: a bracketed or colon-led phrase opens with a capital', () => {
    const input = validInput();
    step(input, 'creates.create_contact').display!.label =
      'Create Contact (With Tags): By Email';
    expect(findingsOf('D018', input)).toEqual([]);
    step(input, 'creates.create_contact').display!.label =
      'Create Contact With Tags To List';
    expect(findingsOf('D018', input).map((finding) => finding.change)).toEqual([
      'creates.create_contact: write "To" in lowercase in the label "Create Contact With Tags To List"',
    ]);
  });
});

/**
 * Classes found on public apps the checks were never tuned on (issue 20),
 * each fixed at its rule, each with a test that fails without the fix.
 */
describe('apps they were never shown: each class at its rule', () => {
  it("D004 leaves a search's own lookup key alone, bare or named for the search's object", () => {
    const input = validInput();
    fields(input, 'searches.find_contact').push(
      { key: 'contact_id', label: 'Contact ID', helpText: 'The contact to find.' },
      { key: 'id', label: 'ID', helpText: 'The contact to find, by its ID.' },
    );
    expect(findingsOf('D004', input)).toEqual([]);
    // Another object's ID in the same search is still picked from a list.
    fields(input, 'searches.find_contact').push({
      key: 'workspace_id',
      label: 'Workspace ID',
      helpText: 'The workspace to search in.',
    });
    expect(findingsOf('D004', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(
        /^searches\.find_contact input field workspace_id: give it a dynamic dropdown/,
      ) as string,
    ]);
  });

  it.each([
    'Your own ID for this message, to recognise it later.',
    'An ID of your choice, stored with the message.',
    'The ID you assign to the message in your system.',
  ])('D004 leaves an ID the user owns alone: "%s"', (helpText) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'message_id',
      label: 'Message ID',
      helpText,
    });
    expect(findingsOf('D004', input)).toEqual([]);
  });

  it.each([
    ['a list', ['lead', 'customer']],
    ['a value-to-label map', { lead: 'Lead', customer: 'Customer' }],
  ])('D004 takes static choices (%s) for a dropdown', (_kind, choices) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'stage_id',
      label: 'Stage ID',
      helpText: 'The stage the contact starts in.',
      choices,
    });
    expect(findingsOf('D004', input)).toEqual([]);
  });

  it.each([
    ['companyGuid', 'Company GUID'],
    ['owner_uuid', 'Owner UUID'],
    ['tag_ids', 'Tag IDs'],
  ])('D004 reads %s as an ID', (key, label) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key,
      label,
      helpText: 'Which one to attach the contact to.',
    });
    expect(statusOf('D004', input)).toBe('failure');
  });

  it.each([
    [
      'a regular expression',
      'if (!/^[a-z0-9-]+$/.test(bundle.authData.subdomain)) {\n  throw new Error("bad");\n}\nconst url = `https://${bundle.authData.subdomain}.example.org`;',
    ],
    [
      'a URL parse',
      'const base = new URL(`https://${bundle.authData["subdomain"]}.example.org`);',
    ],
  ])('D026 passes a domain the code checks with %s', (_how, text) => {
    const input = validInput();
    authFields(input).push({ key: 'subdomain', label: 'Subdomain', helpText: 'Yours.' });
    input.sources = [{ path: 'lib/client.js', text }];
    expect(findingsOf('D026', input)).toEqual([]);
  });

  it('D026 leaves a domain the code never reads undecided, not failed on its name', () => {
    const input = validInput();
    authFields(input).push({
      key: 'instance_url',
      label: 'Instance URL',
      helpText: 'Yours.',
    });
    expect(findingsOf('D026', input)).toEqual([
      {
        severity: 'deferred',
        change: expect.stringMatching(
          /^authentication field instance_url: not decided offline: /,
        ) as string,
      },
    ]);
  });

  it.each([
    'New Per Product Sale',
    'New per Product Sale',
    'Find or Create Contact Per List',
  ])('D018 takes "%s": "per" is a small word only in some styles', (label) => {
    const input = validInput();
    step(input, 'triggers.new_contact').display!.label = label;
    expect(findingsOf('D018', input)).toEqual([]);
  });

  it.each([
    ['createdAt', '1472069465'],
    ['updated_at', '1472069465000'],
    ['scheduledFor', 1472069465],
    ['sent_on', 1472069465000],
  ])('D023 reads %s: %j as a date that is not ISO 8601', (key, value) => {
    const input = validInput();
    sample(input, 'triggers.new_contact')[key] = value;
    expect(findingsOf('D023', input).map((finding) => finding.change)).toEqual([
      expect.stringContaining(`sample ${key}: ${JSON.stringify(value)}`) as string,
    ]);
  });

  it.each([
    ['zip', '1472069465'],
    ['order_number', 1472069465],
  ])('D023 leaves digits under %s alone: no moment is named', (key, value) => {
    const input = validInput();
    sample(input, 'triggers.new_contact')[key] = value;
    expect(findingsOf('D023', input)).toEqual([]);
  });

  it('D004 leaves the ID of the record a create makes alone: it does not exist yet', () => {
    const input = validInput();
    const create = step(input, 'creates.create_contact');
    fields(input, 'creates.create_contact').push({
      key: 'data.id',
      label: 'Contact id - [data.id]',
    });
    expect(create.display!.label).toMatch(/^Create /);
    expect(findingsOf('D004', input)).toEqual([]);
    // Updating one, the contact exists: it is picked from a list.
    create.display!.label = 'Update Contact';
    create.key = 'update_contact';
    input.definition.creates = { update_contact: create };
    expect(statusOf('D004', input)).toBe('failure');
  });

  it.each([
    [
      'last_id',
      'Last ID',
      'ID of the last message from the previous page. Used for cursor pagination.',
    ],
    ['body_clientReferenceId', 'Client Reference Id', 'Optional, for tracking.'],
  ])(
    'D004 leaves %s alone: a page position, or a reference the user assigns',
    (key, label, helpText) => {
      const input = validInput();
      fields(input, 'creates.create_contact').push({ key, label, helpText });
      expect(findingsOf('D004', input)).toEqual([]);
    },
  );

  it('D001 takes what a search finds for data, not a credential ("Access Key" in View Access Key)', () => {
    const input = validInput();
    const search = step(input, 'searches.find_contact');
    search.noun = 'Access Key';
    fields(input, 'searches.find_contact').push({
      key: 'accessKey',
      label: 'Access Key',
      helpText: 'The public key to look up.',
    });
    expect(findingsOf('D001', input)).toEqual([]);
    fields(input, 'creates.create_contact').push({
      key: 'accessKey',
      label: 'Access Key',
      helpText: 'Your key for the API.',
    });
    expect(statusOf('D001', input)).toBe('failure');
  });

  it('D018 reads a bracket attached to a word as part of it: "Start Workflow on Document(s)"', () => {
    const input = validInput();
    step(input, 'triggers.new_contact').display!.label = 'Start Workflow on Document(s)';
    expect(findingsOf('D018', input)).toEqual([]);
  });

  it('D008 says what is wrong with a relative link: it has no site to open', () => {
    const input = validInput();
    fields(input, 'creates.create_contact')[0]!.helpText =
      'Supports markdown. See [the guide](/guides/text-formatting).';
    expect(findingsOf('D008', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(
        /give the link a whole address \(https:\/\/…\): a relative one opens nothing in Zapier$/,
      ) as string,
    ]);
  });

  it('D022 says a create with no input fields at all declares none', () => {
    const input = validInput();
    operation(input, 'creates.create_contact').inputFields = [];
    expect(findingsOf('D022', input).map((finding) => finding.change)).toEqual([
      'creates.create_contact: give it an input field the user fills in; it declares none',
    ]);
  });

  it('D026 reads optional chaining as a use of the field (authData?.host)', () => {
    const input = validInput();
    authFields(input).push({ key: 'host', label: 'Host', helpText: 'Yours.' });
    input.sources = [
      {
        path: 'src/utils.ts',
        text: 'const host = bundle.authData?.host;\nif (!/^[a-z0-9.-]+$/.test(host)) throw new Error("bad host");',
      },
    ];
    expect(findingsOf('D026', input)).toEqual([]);
  });

  it.each([
    'The Caller ID. Use one of your verified numbers.',
    'ID of the list to add the contact to.',
  ])('D004 reads a field whose help text says it is an ID as one: "%s"', (helpText) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'from',
      label: 'From',
      helpText,
    });
    expect(statusOf('D004', input)).toBe('failure');
  });
});

describe('each rule as its class (issue 26)', () => {
  it.each([
    ['Workspace Name', 'Choose your workspace name.'],
    ['Team Name', 'The name of the team.'],
    ['Tag IDs', 'Please select the tag IDs to use.'],
    ['Email Address', 'Enter your email addresses here.'],
  ])('D011 refuses help text that adds no word to "%s": "%s"', (label, helpText) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({ key: 'extra', label, helpText });
    expect(findingsOf('D011', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(
        /^creates\.create_contact input field extra: make the help/,
      ) as string,
    ]);
  });

  it.each([
    ['Metadata', 'Optional metadata.'],
    ['Input Variables', 'Input variables for the contact.'],
    ['Owner', 'Select the owner to create the contact with.'],
  ])(
    'D011 counts what the editor shows beside the label (the step, required or optional): "%s", "%s"',
    (label, helpText) => {
      const input = validInput();
      fields(input, 'creates.create_contact').push({ key: 'extra', label, helpText });
      expect(statusOf('D011', input)).toBe('failure');
    },
  );

  it.each([
    ['Team Name', "The team's display name."],
    ['Workspace', 'Choose the workspace the contact joins.'],
  ])('D011 takes help text with a word of its own for "%s": "%s"', (label, helpText) => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({ key: 'extra', label, helpText });
    expect(findingsOf('D011', input)).toEqual([]);
  });

  it.each([
    '2026-03-14T123:00:00Z',
    '2026-02-30T09:26:53Z',
    '2026-02-29',
    '2026-03-14T09:61Z',
  ])(
    'D023 parses "%s" as a date and time, and refuses it: it does not exist',
    (value) => {
      const input = validInput();
      // Under a key no output field types: read for its shape alone.
      sample(input, 'triggers.new_contact').starts = value;
      expect(findingsOf('D023', input).map((finding) => finding.change)).toEqual([
        expect.stringContaining(`sample starts: ${JSON.stringify(value)}`) as string,
      ]);
    },
  );

  it.each(['2024-02-29', '2026-03-14T23:59:60+05:30', '2026-12-31T00:00Z'])(
    'D023 takes "%s": a date and time that exists, with its zone',
    (value) => {
      const input = validInput();
      sample(input, 'triggers.new_contact').created_at = value;
      expect(findingsOf('D023', input)).toEqual([]);
    },
  );

  it('D023 leaves a file name that starts with a date alone', () => {
    const input = validInput();
    sample(input, 'triggers.new_contact').file_name = '2026-03-14-report.pdf';
    input.runs.forEach((run) => {
      if (run.outcome.kind === 'items') {
        run.outcome.items.forEach((item) => (item.file_name = 'x.pdf'));
      }
    });
    expect(notPassing(input)).toEqual([]);
  });

  it.each([
    ['tags', 'Tag IDs'],
    ['owners', 'Owner UUIDs'],
    ['labels', 'Label GUIDs'],
  ])(
    'D004 reads the label of %s, "%s", as asking for IDs: the words keep IDs whole',
    (key, label) => {
      const input = validInput();
      fields(input, 'creates.create_contact').push({
        key,
        label,
        helpText: 'Which ones to attach the contact to.',
      });
      expect(findingsOf('D004', input).map((finding) => finding.change)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^creates\\.create_contact input field ${key}: give it a dynamic dropdown`,
          ),
        ) as string,
      ]);
    },
  );

  it("D012, D024 and T004 read output fields' own samples (core 18.3+), merged as Zapier merges them", () => {
    const input = validInput();
    const create = operation(input, 'creates.create_contact');
    delete create.sample;
    create.outputFields = [
      { key: 'id', type: 'string', sample: 'c_1' },
      { key: 'email', type: 'string', required: true, sample: 'ada@example.org' },
      { key: 'company__name', type: 'string', sample: 'Engines Ltd' },
    ];
    // A sample on the output fields is a sample: nothing to add.
    expect(findingsOf('D012', input)).toEqual([]);
    // The merged sample is judged against the output fields.
    (create.outputFields[0] as Record<string, unknown>).sample = 7;
    expect(findingsOf('D024', input).map((finding) => finding.change)).toEqual([
      expect.stringContaining(
        'creates.create_contact sample: "id" is of type string but holds number 7',
      ) as string,
    ]);
    // And each of its keys must come in perform's items.
    (create.outputFields[0] as Record<string, unknown>).sample = 'c_1';
    create.outputFields.push({ key: 'nickname', type: 'string', sample: 'Ada' });
    expect(findingsOf('T004', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(
        /^creates\.create_contact: perform never returns "nickname"/,
      ) as string,
    ]);
  });

  it("D024 takes a field's own sample over the operation's", () => {
    const input = validInput();
    const trigger = operation(input, 'triggers.new_contact');
    (trigger.sample as Item).vip = 'yes';
    expect(statusOf('D024', input)).toBe('warning');
    (trigger.outputFields![3] as Record<string, unknown>).sample = false;
    expect(findingsOf('D024', input)).toEqual([]);
  });
});

describe("the app's code and Zapier's platform 17 to 19 (issue 26)", () => {
  const client = (text: string): CheckInput['sources'] => [
    { path: 'lib/client.js', text },
  ];

  it.each([
    ['a URL in the call', "z.request('http://api.example.org/contacts')", 1],
    [
      'a template in the options',
      'const r = await z.request({\n  url: `http://${host}/contacts`,\n  method: "POST",\n});',
      1,
    ],
    [
      'the options object the call is given by name',
      "const options = {\n  url: 'http://localhost:3000/contacts',\n};\n\nreturn z.request(options);",
      5,
    ],
    [
      'past a regular expression with a quote in it, to an options object named with $',
      "const quoted = (x) => {\n  return /'/.test(x);\n};\nconst $opts = { url: 'http://api.example.org' };\nz.request($opts);",
      5,
    ],
  ])('D007 refuses http in what the code gives z.request(): %s', (_how, text, line) => {
    const input = validInput();
    input.sources = client(text);
    expect(findingsOf('D007', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(
        new RegExp(`^lib/client\\.js:${line}: z\\.request\\(\\) calls "http://`),
      ) as string,
    ]);
  });

  it.each([
    ['an https call', "z.request('https://api.example.org/contacts')"],
    ['a commented-out call', "// z.request('http://api.example.org/contacts')"],
    [
      'a link outside any call',
      "const docs = 'http://example.org/help';\nz.request(url);",
    ],
    [
      'an http URI inside a body',
      "z.request({ url: 'https://api.example.org/soap', body: '<e xmlns=\"http://schemas.xmlsoap.org/soap/envelope/\"/>' });",
    ],
  ])('D007 leaves %s alone', (_how, text) => {
    const input = validInput();
    input.sources = client(text);
    expect(findingsOf('D007', input)).toEqual([]);
  });

  it('local:curlies-in-request reads the options a call is given by name, and only on core 17 or later', () => {
    const input = validInput();
    input.sources = client(
      "const options = {\n  url: 'https://{{bundle.authData.subdomain}}.example.org/me',\n};\nz.request(options);",
    );
    expect(
      findingsOf('local:curlies-in-request', input).map((finding) => finding.change),
    ).toEqual([
      expect.stringMatching(
        /^lib\/client\.js:4: .*"{{bundle\.authData\.subdomain}}"/,
      ) as string,
    ]);
    // Before core 17, core fills the placeholder in.
    input.definition.platformVersion = '16.5.1';
    expect(findingsOf('local:curlies-in-request', input)).toEqual([]);
  });

  it('local:curlies-in-request leaves shorthand requests and template literals alone', () => {
    const input = validInput();
    operation(input, 'creates.create_contact').perform = {
      url: 'https://{{bundle.authData.subdomain}}.example.org/contacts',
    };
    input.sources = client(
      'z.request({ url: `https://${bundle.authData.subdomain}.example.org/me` });',
    );
    expect(findingsOf('local:curlies-in-request', input)).toEqual([]);
  });

  it.each([
    [
      { type: 'string' },
      /schema\.type is "string": a json field holds an object or an array/,
    ],
    [
      { type: 'object', properties: { n: { type: 'text' } } },
      /schema\.properties\.n\.type "text" names no JSON type/,
    ],
    [
      { type: 'object', required: 'name' },
      /schema\.required is not a list of property names/,
    ],
    [
      { $schema: 'https://json-schema.org/draft/2020-12/schema' },
      /is not draft 4, 6 or 7/,
    ],
  ])(
    'local:json-field-schema refuses a schema no value can be checked against: %j',
    (schema, change) => {
      const input = validInput();
      fields(input, 'creates.create_contact').push({
        key: 'payload',
        type: 'json',
        schema,
      });
      expect(
        findingsOf('local:json-field-schema', input).map((finding) => finding.change),
      ).toContainEqual(expect.stringMatching(change));
    },
  );

  it.each([
    ['{"name": "Ada"}', []],
    ['{"name": 7}', [/default\.name is number, not string/]],
    ['{}', [/default lacks the required "name"/]],
    ['{"name": "Ada", "extra": 1}', [/default\.extra is not allowed/]],
    ['[1]', [/default is array, not object/]],
    ['{name: "Ada"}', [/its default is not JSON/]],
  ])(
    'local:json-field-schema checks the default %s against the schema',
    (value, changes) => {
      const input = validInput();
      fields(input, 'creates.create_contact').push({
        key: 'payload',
        type: 'json',
        schema: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' } },
          additionalProperties: false,
        },
        default: value,
      });
      expect(
        findingsOf('local:json-field-schema', input).map((finding) => finding.change),
      ).toEqual(changes.map((change) => expect.stringMatching(change) as string));
    },
  );

  it("local:json-field-schema links to this package's rules page, not to an anchor of Zapier's", () => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'payload',
      type: 'string',
      schema: {},
    });
    const lines = reportLines(runChecks(input)).filter((line) =>
      line.includes('local:json-field-schema'),
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /input field payload: it has a schema but is not of type json.*\. zapier-publishing-checks docs\/rules\.md \(local:json-field-schema\)$/,
      ) as string,
    ]);
  });
});

describe('classes found on the 20 new apps (corpus26)', () => {
  it.each([
    ['instance_url', 'Instance URL', 'Yours.', /holds a URL.*new URL\(…\).*'https:'/],
    [
      'subdomain',
      'Subdomain',
      'Yours.',
      /holds a subdomain.*\/\^\[a-z0-9-\]\+\$\/i\.test/,
    ],
    ['domain', 'Domain', 'Yours.', /holds a host.*\(\\\.\[a-z0-9-\]\+\)\+\$\/i\.test/],
    ['dashboardUrl', 'Dashboard URL', 'Do not include the https.', /holds a host/],
  ])('D026 prints the fix for what %s holds', (key, label, helpText, change) => {
    const input = validInput();
    authFields(input).push({ key, label, helpText });
    input.sources = [
      { path: 'lib/client.js', text: `const base = bundle.authData.${key} + '/api';` },
    ];
    expect(findingsOf('D026', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(change) as string,
    ]);
  });

  it.each([
    ['`https://${bundle.authData.siteUrl}/api`', 'a host'],
    ['`https://${bundle.authData.siteUrl}.example.org/api`', 'a subdomain'],
    ["'https://{{bundle.authData.siteUrl}}:8443/api'", 'a host'],
  ])(
    'D026 reads what a field holds from where the code puts it: %s is %s',
    (url, holds) => {
      const input = validInput();
      authFields(input).push({ key: 'siteUrl', label: 'Site URL', helpText: 'Yours.' });
      input.sources = [{ path: 'lib/client.js', text: `const base = ${url};` }];
      expect(findingsOf('D026', input).map((finding) => finding.change)).toEqual([
        expect.stringContaining(`siteUrl holds ${holds},`) as string,
      ]);
    },
  );

  it('D026 reads a use while the connection is made (bundle.inputData) as a use', () => {
    const input = validInput();
    authFields(input).push({
      key: 'dashboardUrl',
      label: 'Dashboard URL',
      helpText: 'Yours.',
    });
    input.definition.authentication!.oauth2Config = {
      authorizeUrl: { url: 'https://{{bundle.inputData.dashboardUrl}}/oauth/authorize' },
    };
    expect(statusOf('D026', input)).toBe('failure');
  });

  it.each([
    '{{plan_label}} plan · {{api_inbox_count}} inboxes',
    'Sonos Account ({{bundle.authData.scope}})',
  ])('D003 refuses a label whose variables name no account: "%s"', (label) => {
    const input = validInput();
    input.definition.authentication!.connectionLabel = label;
    expect(findingsOf('D003', input).map((finding) => finding.change)).toEqual([
      expect.stringMatching(/can be the same for many accounts/) as string,
    ]);
  });

  it.each(['{{account_name}} ({{plan}})', '{{plan_owner_email}}', '{{json.user.login}}'])(
    'D003 takes a label with a variable that names the account: "%s"',
    (label) => {
      const input = validInput();
      input.definition.authentication!.connectionLabel = label;
      expect(findingsOf('D003', input)).toEqual([]);
    },
  );

  it('D003 reads a secret variable whatever filter follows it', () => {
    const input = validInput();
    input.definition.authentication!.connectionLabel =
      'PixelAPI ({{bundle.authData.apiKey | slice:0:8}}...)';
    expect(findingsOf('D003', input).map((finding) => finding.change)).toContainEqual(
      expect.stringMatching(/never a token, key or password/),
    );
  });

  it("D011 counts the app's name as said: it is on every screen", () => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'locale',
      label: 'Locale',
      helpText: 'Contacts Hub locale.',
    });
    expect(statusOf('D011', input)).toBe('failure');
  });

  it("D011 takes the app's name from its package.json when it has no listing", () => {
    const input = validInput();
    input.listing = {
      found: false,
      path: 'listing.json',
      problem: 'none',
      missing: true,
    };
    input.sources = [{ path: 'package.json', text: '{"name": "crowdin"}' }];
    fields(input, 'searches.find_contact').push({
      key: 'locale',
      label: 'Locale',
      helpText: 'Crowdin Contact Locale.',
    });
    expect(statusOf('D011', input)).toBe('failure');
  });

  it('D001 reads key, label and help together: a card\'s token labelled "Token" is data', () => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'creditCardToken',
      label: 'Token',
      helpText: 'The card token from your payment form.',
    });
    expect(findingsOf('D001', input)).toEqual([]);
    fields(input, 'creates.create_contact').push({
      key: 'token',
      label: 'Token',
      helpText: 'Your token for the API.',
    });
    expect(statusOf('D001', input)).toBe('failure');
  });

  it('D004 asks a create that may update for a dropdown of the records it updates', () => {
    const input = validInput();
    const create = step(input, 'creates.create_contact');
    create.display!.label = 'Create or Update Contact';
    fields(input, 'creates.create_contact').push({
      key: 'contact_id',
      label: 'Contact ID',
      helpText: 'Leave it empty to create a contact.',
    });
    expect(statusOf('D004', input)).toBe('failure');
  });

  it('D004 does not read "if you want to use" as an ID the user owns', () => {
    const input = validInput();
    fields(input, 'creates.create_contact').push({
      key: 'sourceId',
      label: 'Source Id',
      helpText: 'If you want to use an existing source, find it with Find Payer.',
    });
    expect(statusOf('D004', input)).toBe('failure');
  });
});

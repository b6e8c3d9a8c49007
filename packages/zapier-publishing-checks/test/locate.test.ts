/**
 * src/locate.ts: the line of the app's code where a finding's place is
 * written, found by its keys (the step's, then the field's after it), for
 * the annotations of `--format github` and `sarif`.
 */
import type { SourceFile } from '../src/input';
import { locator } from '../src/locate';

const lines = (...text: string[]) => text.join('\n');

const INDEX: SourceFile = {
  path: 'index.js',
  text: lines(
    "const lead = require('./triggers/lead');", // 1
    'module.exports = {', // 2
    '  authentication: {', // 3
    "    type: 'custom',", // 4
    "    fields: [{ key: 'api_key', label: 'API Key' }],", // 5
    "    connectionLabel: '{{bundle.authData.email}}',", // 6
    '  },', // 7
    '  triggers: { [lead.key]: lead },', // 8
    '  flags: { cleanInputData: false },', // 9
    '};', // 10
  ),
};

const LEAD: SourceFile = {
  path: 'triggers/lead.js',
  text: lines(
    'const list = {', // 1
    "  key: 'old_lead',", // 2
    "  operation: { inputFields: [{ key: 'page' }] },", // 3
    '};', // 4
    'module.exports = {', // 5
    "  key: 'new_lead',", // 6
    "  noun: 'Lead',", // 7
    '  operation: {', // 8
    '    inputFields: [', // 9
    "      { key: 'status' },", // 10
    "      { key: 'page', label: 'Page' },", // 11
    '    ],', // 12
    '    perform,', // 13
    '  },', // 14
    '};', // 15
  ),
};

const SEARCH: SourceFile = {
  path: 'searches/find.js',
  text: lines(
    'module.exports = {', // 1
    '  find_lead: {', // 2
    '    operation: {', // 3
    '      inputFields: [{ key: "email" }],', // 4
    '    },', // 5
    '  },', // 6
    '};', // 7
  ),
};

/** Every file a finding names exists but `gone.json`. */
const exists = (file: string) => file !== 'gone.json';

const locate = locator([INDEX, LEAD, SEARCH], 'index.js', exists);

it("finds a step's key, then a field's key after it, not an earlier one", () => {
  expect(locate({ step: 'triggers.new_lead', field: 'page' })).toEqual({
    file: 'triggers/lead.js',
    line: 11,
  });
  expect(locate({ step: 'triggers.old_lead', field: 'page' })).toEqual({
    file: 'triggers/lead.js',
    line: 3,
  });
});

it("finds a step's key, written as a string or as an object's key, in any file", () => {
  expect(
    locate({ step: 'triggers.new_lead', path: 'triggers.new_lead.display.description' }),
  ).toEqual({ file: 'triggers/lead.js', line: 6 });
  expect(locate({ step: 'searches.find_lead', field: 'email' })).toEqual({
    file: 'searches/find.js',
    line: 4,
  });
});

it('finds a step where its key is declared, not where the same word is mentioned first', () => {
  const HOOK: SourceFile = {
    path: 'triggers/ticket_update.js',
    text: lines(
      "const subscribe = (z, bundle) => post({ event: 'ticket_update' });", // 1
      "const sample = { type: 'ticket_update' };", // 2
      'module.exports = {', // 3
      "  key: 'ticket_update',", // 4
      "  operation: { type: 'hook', inputFields: [{ key: 'page' }] },", // 5
      '};', // 6
    ),
  };
  const mentionedFirst = locator([INDEX, HOOK, LEAD], 'index.js', exists);
  expect(mentionedFirst({ step: 'triggers.ticket_update' })).toEqual({
    file: 'triggers/ticket_update.js',
    line: 4,
  });
  expect(mentionedFirst({ step: 'triggers.ticket_update', field: 'page' })).toEqual({
    file: 'triggers/ticket_update.js',
    line: 5,
  });
});

it("stays at the step's key when its field's key is not written after it", () => {
  expect(locate({ step: 'triggers.new_lead', field: 'computed_field' })).toEqual({
    file: 'triggers/lead.js',
    line: 6,
  });
});

it('finds the connection label and an authentication field', () => {
  expect(locate({ path: 'authentication.connectionLabel' })).toEqual({
    file: 'index.js',
    line: 6,
  });
  expect(locate({ step: 'authentication', field: 'api_key' })).toEqual({
    file: 'index.js',
    line: 5,
  });
  expect(locate({ step: 'authentication' })).toEqual({ file: 'index.js', line: 3 });
});

it("finds an app's flags", () => {
  expect(locate({ path: 'flags.cleanInputData' })).toEqual({ file: 'index.js', line: 9 });
});

it('gives a finding in a file as it is', () => {
  expect(locate({ file: 'src/creates/order.ts', line: 34 })).toEqual({
    file: 'src/creates/order.ts',
    line: 34,
  });
  expect(locate({ file: 'listing.json' })).toEqual({ file: 'listing.json', line: 1 });
});

it('falls back to the entry at line 1: a place no key finds, a finding about the whole app', () => {
  expect(locate({ step: 'creates.add_lead', field: 'page' })).toEqual({
    file: 'index.js',
    line: 1,
  });
  expect(locate({})).toEqual({ file: 'index.js', line: 1 });
  expect(locate({ path: 'version' })).toEqual({ file: 'index.js', line: 1 });
});

it('without an entry, has nothing to say where no key is found', () => {
  const withoutEntry = locator([LEAD], undefined, exists);
  expect(withoutEntry({})).toBeUndefined();
  expect(withoutEntry({ step: 'triggers.gone' })).toBeUndefined();
  expect(withoutEntry({ step: 'triggers.new_lead' })).toEqual({
    file: 'triggers/lead.js',
    line: 6,
  });
});

it('matches a key whole, its characters as written', () => {
  const source: SourceFile = {
    path: 'a.js',
    text: lines(
      "const x = { key: 'new_lead_v2' };", // 1
      'const y = { old_new_lead: 1 };', // 2
      "const v = { key: 'new_lead' };", // 3
      "const z = { key: 'aXb' };", // 4
      "const w = { key: 'a.b' };", // 5
    ),
  };
  const find = locator([source], 'index.js', exists);
  expect(find({ step: 'triggers.new_lead' })).toEqual({ file: 'a.js', line: 3 });
  expect(find({ step: 'triggers.new_lead', field: 'a.b' })).toEqual({
    file: 'a.js',
    line: 5,
  });
});

it('puts a finding on a file the app does not have at the entry', () => {
  expect(locate({ file: 'gone.json' })).toEqual({ file: 'index.js', line: 1 });
});

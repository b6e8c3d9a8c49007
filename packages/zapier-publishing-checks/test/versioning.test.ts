/**
 * A new version against the previous public one: each rule of
 * docs/versioning.md found on its fixture pair and nowhere
 * else, and what Zapier leaves alone left alone.
 */
import { parseVersionList } from '../src/read/versions';
import { fillMessage, placeText } from '../src/rule';
import { parseVersion } from '../src/shared/semver';
import { compareDefinitions } from '../src/versioning/breaking-changes';
import { schemaNarrowings } from '../src/versioning/json-schema';
import { judgePush } from '../src/versioning/push-rules';
import { VERSIONING_RULES } from '../src/versioning/rules';
import {
  FIXTURE_PAIRS,
  authFieldsOf,
  inputsOf,
  nextVersion,
  previousVersion,
} from './versioning-fixtures';

const rulesOf = (next = previousVersion()) =>
  compareDefinitions(previousVersion(), next).changes.map(
    (change) => `${change.rule} ${placeText(change.place)}`,
  );

it('finds nothing between a version and itself', () => {
  expect(compareDefinitions(previousVersion(), previousVersion())).toEqual({
    changes: [],
    additions: [],
  });
});

it.each(FIXTURE_PAIRS.map((pair) => [pair.rule, pair.change, pair]))(
  '%s: %s',
  (_rule, _change, pair) => {
    expect(rulesOf(pair.next)).toContain(`${pair.rule} ${pair.where}`);
  },
);

it('says a rename for what it is, once, not as a removal too', () => {
  const renamed = nextVersion((next) => {
    inputsOf(next, 'triggers', 'new_contact')[1]!.key = 'tag_name';
  });
  expect(rulesOf(renamed)).toEqual([
    'renamed-input-field triggers.new_contact tag',
    'C002 triggers.new_contact tag',
  ]);
});

it('reports a removed visible step under its guardrail and C001, one line each', () => {
  const removed = nextVersion((next) => {
    delete next.triggers!.new_deal;
  });
  expect(rulesOf(removed)).toEqual([
    'removed-step triggers.new_deal',
    'C001 triggers.new_deal',
  ]);
});

it('reads searchOrCreates under their alias, searchAndCreates', () => {
  const aliased = nextVersion((next) => {
    Object.assign(next, { searchAndCreates: next.searchOrCreates });
    delete next.searchOrCreates;
  });
  expect(rulesOf(aliased)).toEqual([]);
  expect(
    compareDefinitions(
      aliased,
      nextVersion((next) => delete next.searchOrCreates),
    ).changes,
  ).toEqual([
    expect.objectContaining({
      rule: 'removed-search-or-create',
      place: { step: 'searchOrCreates.find_or_create_contact' },
    }),
  ]);
});

it('reads a field moved into a function as removed, as Zapier compares the static keys: and C002 too', () => {
  const next = nextVersion((version) => {
    const fields = inputsOf(version, 'triggers', 'new_contact') as unknown[];
    fields.splice(1, 1, '$func$9$f$');
  });
  expect(compareDefinitions(previousVersion(), next).changes).toEqual([
    {
      rule: 'removed-input-field',
      messageId: 'movedToFunction',
      place: { step: 'triggers.new_contact', field: 'tag' },
    },
    {
      rule: 'C002',
      messageId: 'removed',
      place: { step: 'triggers.new_contact', field: 'tag' },
    },
  ]);
});

it('reads an output field or an auth field moved into a function as removed too', () => {
  const outputs = nextVersion((version) => {
    const operation = version.triggers!.new_contact!.operation!;
    operation.outputFields = [{ key: 'id' }, '$func$9$f$'];
    operation.sample = { id: '1', company: { name: 'Engines' } };
  });
  expect(compareDefinitions(previousVersion(), outputs).changes).toEqual([
    {
      rule: 'removed-output-field',
      messageId: 'movedToFunction',
      place: { step: 'triggers.new_contact', field: 'email' },
    },
    {
      rule: 'C003',
      messageId: 'removed',
      place: { step: 'triggers.new_contact', field: 'email' },
    },
  ]);
  const auth = nextVersion((version) => {
    (authFieldsOf(version) as unknown[]).splice(1, 1, '$func$9$f$');
  });
  expect(compareDefinitions(previousVersion(), auth).changes).toEqual([
    {
      rule: 'auth-field',
      messageId: 'movedToFunction',
      place: { step: 'authentication', field: 'subdomain' },
    },
  ]);
});

describe('leaves alone', () => {
  it('a field made required with a default, or a required field added with one', () => {
    const next = nextVersion((version) => {
      Object.assign(inputsOf(version, 'triggers', 'new_contact')[0]!, {
        required: true,
        default: 'all',
      });
      inputsOf(version, 'creates', 'create_contact').push({
        key: 'owner',
        required: true,
        default: 'me',
      });
    });
    expect(rulesOf(next)).toEqual([]);
  });

  it('an optional field added, and a step added (additions: a minor)', () => {
    const next = nextVersion((version) => {
      inputsOf(version, 'creates', 'create_contact').push({
        key: 'phone',
        label: 'Phone',
      });
      version.creates!.create_deal = {
        ...version.creates!.create_contact!,
        key: 'create_deal',
        display: { label: 'Create Deal' },
      };
    });
    expect(compareDefinitions(previousVersion(), next)).toEqual({
      changes: [],
      additions: ['creates.create_contact, field phone', 'creates.create_deal'],
    });
  });

  it('an optional auth field added; auth fields when the auth type changed (one line says it)', () => {
    const optional = nextVersion((next) => {
      authFieldsOf(next).push({ key: 'region', label: 'Region' });
    });
    expect(rulesOf(optional)).toEqual([]);
    const oauth = nextVersion((next) => {
      next.authentication = { type: 'oauth2' };
    });
    expect(rulesOf(oauth)).toEqual(['auth-type authentication']);
  });

  it('an output field under another spelling of its flattened key, or still in the sample', () => {
    const returning = (outputFields: object[], sample: object) =>
      nextVersion((version) => {
        Object.assign(version.triggers!.new_contact!.operation!, {
          outputFields,
          sample,
        });
      });
    const before = returning(
      [
        { key: 'id' },
        { key: 'status__ready' },
        { key: 'tags' },
        { key: 'lines[]sku' },
        { key: 'email' },
      ],
      { id: '1', email: 'a@example.org' },
    );
    const after = returning(
      [{ key: 'id' }, { key: 'status.ready' }, { key: 'tags[]' }, { key: 'lines__sku' }],
      { id: '1', email: 'a@example.org' },
    );
    expect(compareDefinitions(before, after).changes).toEqual([]);
    const undeclared = returning([], {
      id: '1',
      email: 'a@example.org',
      status: { ready: true },
      tags: ['new'],
      lines: [{ sku: 'A1' }],
    });
    expect(compareDefinitions(before, undeclared).changes).toEqual([]);
  });

  it("a removed sample key's nested keys: the parent's line says it", () => {
    const next = nextVersion((version) => {
      version.triggers!.new_contact!.operation!.sample = {
        id: '1',
        email: 'a@example.org',
      };
    });
    expect(rulesOf(next)).toEqual(['C003 triggers.new_contact company']);
  });

  it('a sample key of a hidden step, a json schema that only widens', () => {
    const before = nextVersion((version) => {
      version.creates!.create_contact!.display!.hidden = true;
    });
    const after = nextVersion((version) => {
      version.creates!.create_contact!.display!.hidden = true;
      version.creates!.create_contact!.operation!.sample = {};
    });
    expect(compareDefinitions(before, after).changes).toEqual([]);
    expect(
      schemaNarrowings(
        { type: 'integer', enum: [1, 2], maxLength: 3, required: ['a'] },
        { type: ['number', 'null'], enum: [1, 2, 3], maxLength: 5 },
      ),
    ).toEqual([]);
  });
});

describe('push rules', () => {
  const judge = (next: string, pushed: string) => {
    const verdict = judgePush(
      parseVersion(next)!,
      parseVersionList(pushed, 'versions.txt'),
    );
    const template: string = VERSIONING_RULES.push.messages[verdict.messageId];
    return { ...verdict, reason: fillMessage(template, verdict.data) };
  };

  it.each([
    ['1.0.0', '', true],
    ['1.0.1', '1.0.0', true],
    ['1.0.2', '1.0.0', false],
    ['1.1.0', '1.0.3', true],
    ['1.2.0', '1.0.0', false],
    ['2.0.0', '1.4.1', true],
    ['3.0.0', '1.0.0', false],
    ['1.2.3', '1.2.2\n1.2.4', false],
    ['1.2.3', '1.2.2\n1.3.0\n2.0.0', true],
    ['1.3.0', '1.2.0\n1.4.0', false],
    ['1.3.0', '1.2.0\n2.0.0', true],
    ['2.0.0', '1.0.0\n3.0.0', false],
    ['1.0.2-beta', '1.0.0', true],
    ['1.0.2', '1.0.0\n1.0.1-beta', false],
    ['1.0.0', '1.0.0\n1.0.1', true],
  ])('%s after [%s]: allowed %s', (next, pushed, allowed) => {
    expect(judge(next, pushed).allowed).toBe(allowed);
  });

  it('names the version to push first', () => {
    expect(judge('1.0.3', '1.0.0\n1.0.1').reason).toBe(
      '1.0.3 requires 1.0.2 to exist: push 1.0.2 first (or number this version after what exists)',
    );
    expect(judge('1.2.0', '1.0.0').reason).toMatch(
      /requires some 1\.1\.x to exist: push 1\.1\.0 first/,
    );
  });

  it('names the first missing version when several are missing in a row', () => {
    expect(judge('4.3.8', '4.3.4\n4.3.5').reason).toMatch(
      /^4\.3\.8 requires 4\.3\.7 to exist: push 4\.3\.6 first/,
    );
    expect(judge('20.0.2', '19.0.0\n19.4.1').reason).toMatch(
      /requires 20\.0\.1 to exist: push 20\.0\.0 first/,
    );
    expect(judge('1.3.0', '1.0.2').reason).toMatch(
      /requires some 1\.2\.x to exist: push 1\.1\.0 first/,
    );
    expect(judge('1.0.2', '').reason).toMatch(/push 1\.0\.0 first/);
  });

  it("reads zapier-platform versions' JSON, its raw rows, and a list", () => {
    const texts = [
      JSON.stringify([{ Version: '1.0.0', State: 'production' }, { Version: '1.0.1' }]),
      JSON.stringify({ versions: [{ version: '1.0.0' }, { version: '1.0.1' }] }),
      JSON.stringify(['1.0.0', '1.0.1']),
      '# pushed\n1.0.0\n\n1.0.1\n',
    ];
    for (const text of texts) {
      expect(parseVersionList(text, 'f').map((version) => version.text)).toEqual([
        '1.0.0',
        '1.0.1',
      ]);
    }
    expect(() => parseVersionList('1.0\n', 'f')).toThrow(
      'f: "1.0" is no version (X.Y.Z or X.Y.Z-label)',
    );
  });
});

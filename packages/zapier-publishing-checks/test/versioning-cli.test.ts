/**
 * `--previous` (an app folder or a definition.json) and `--versions` on the
 * command line: the lines, the last lines, and the exit code.
 */
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { main } from '../src/cli';
import { beforeVerdict, verdictIn } from './report-lines';
import { idColumn } from './text-columns';

const REPOSITORY = join(__dirname, '..', '..', '..');
const GUARDRAILS =
  'https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails';

let scratch: string;
let lines: string[];
let errors: string[];

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'versions-'));
  lines = [];
  errors = [];
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * An app that passes every check, at `version`, New Thing with `fields` as
 * its input fields (and `outputFields` as its output fields, when given).
 */
function appFolder(
  name: string,
  version: string,
  fields: object[],
  outputFields?: object[],
): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  symlinkSync(join(REPOSITORY, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version }));
  writeFileSync(
    join(dir, 'listing.json'),
    JSON.stringify({
      title: 'Things',
      description: 'Things is a list keeper for everything you want to track at work.',
    }),
  );
  writeFileSync(
    join(dir, 'index.js'),
    `module.exports = {
  version: ${JSON.stringify(version)},
  platformVersion: require('zapier-platform-core').version,
  triggers: {
    new_thing: {
      key: 'new_thing',
      noun: 'Thing',
      display: { label: 'New Thing', description: 'Triggers when a thing is added.' },
      operation: { perform: () => [{ id: '1' }], inputFields: ${JSON.stringify(fields)}, sample: { id: '1' }${outputFields === undefined ? '' : `, outputFields: ${JSON.stringify(outputFields)}`} },
    },
  },
};
`,
  );
  return dir;
}

const run = (appDir: string, ...args: string[]) =>
  main(['--app-dir', appDir, '--skip-schema', ...args], {
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
  });

const PAGE = { key: 'page', label: 'Page' };

describe('--previous', () => {
  it('makes a removed input field under a patch a publishing task, naming step, field, rule, link and the version to use', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(await run(appFolder('next', '1.0.1', []), '--previous', previous)).toBe(1);
    expect(lines).toContain(
      `✖ ${idColumn('removed-input-field')} publishing task triggers.new_thing page: removed: existing Zaps that fill it lose its value; keep the field (the code may ignore it), or raise the major. ${GUARDRAILS}`,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^! C002 +warning {9}triggers\.new_thing page: removed: .*#C002$/,
      ),
    );
    expect(beforeVerdict(lines).slice(-3)).toEqual([
      `previous version 1.0.0 (${previous}), this version 1.0.1.`,
      'existing Zaps break: yes, 1 breaking change above.',
      'version Zapier will require: 2.0.0 (a new major): 1.0.1 keeps major 1, so Zapier pauses its promotion.',
    ]);
  });

  it('passes the same change under the next major, saying users are not migrated', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(await run(appFolder('next', '2.0.0', []), '--previous', previous)).toBe(0);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^! removed-input-field +warning {9}triggers\.new_thing page: /,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^! migrate +warning {9}2\.0\.0: users of 1\.x are not migrated to it/,
      ),
    );
    expect(beforeVerdict(lines).at(-1)).toBe(
      'version Zapier will require: a new major, as 2.0.0 is: its promotion goes ahead.',
    );
    // C002's severity is unpublished: the promotion is undecided until the team sets it.
    expect(verdictIn(lines)).toEqual([
      'push: allowed, no error',
      `promotion: undecided, nothing blocks it yet; category unconfirmed: C002 (set it in the config's "checks")`,
      "review: warnings of C002 go to Zapier's reviewers, blocking nothing; not Zapier's checks, blocking nothing: removed-input-field, migrate",
    ]);
  });

  it("names a renamed field once, under Zapier's guardrails: its check sees the old key removed", async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(
      await run(
        appFolder('next', '1.0.1', [{ ...PAGE, key: 'page_id' }]),
        '--previous',
        previous,
      ),
    ).toBe(1);
    const renamed = lines.filter((line) => line.includes(' renamed-input-field '));
    expect(renamed).toEqual([
      expect.stringMatching(
        /^✖ renamed-input-field +publishing task triggers\.new_thing page: renamed to page_id/,
      ),
    ]);
    expect(renamed[0]!.endsWith(GUARDRAILS)).toBe(true);
    expect(lines).not.toContainEqual(expect.stringContaining(' removed-input-field '));
  });

  it('gives each change its step and field, and the closing lines, in --format json', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(
      await run(
        appFolder('next', '1.0.1', []),
        '--previous',
        previous,
        '--format',
        'json',
      ),
    ).toBe(1);
    const report = JSON.parse(lines.join('\n')) as {
      versioning: {
        entries: {
          id: string;
          status: string;
          step: string | null;
          field: string | null;
        }[];
        closing: string[];
        refused: boolean;
      };
    };
    expect(report.versioning.entries).toContainEqual(
      expect.objectContaining({
        id: 'removed-input-field',
        status: 'publishing-task',
        step: 'triggers.new_thing',
        field: 'page',
      }),
    );
    expect(report.versioning.refused).toBe(true);
    expect(report.versioning.closing.at(-1)).toMatch(
      /^version Zapier will require: 2\.0\.0/,
    );
  });

  it("warns of a matrix-only breaking change under a patch, and exits 0: Zapier's promotion check does not read it", async () => {
    const previous = appFolder(
      'previous',
      '1.0.0',
      [],
      [{ key: 'id' }, { key: 'title' }],
    );
    expect(
      await run(appFolder('next', '1.0.1', [], [{ key: 'id' }]), '--previous', previous),
    ).toBe(0);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^! removed-output-field +warning {9}triggers\.new_thing title: output field removed: /,
      ),
    );
    expect(beforeVerdict(lines).slice(-3)).toEqual([
      `previous version 1.0.0 (${previous}), this version 1.0.1.`,
      'existing Zaps break: yes, 1 breaking change above.',
      'version Zapier will require: no new major (its promotion check does not read these changes); its versioning matrix advises 2.0.0 (a new major).',
    ]);
  });

  it('counts the versioning warnings against --max-warnings', async () => {
    const previous = appFolder(
      'previous',
      '1.0.0',
      [],
      [{ key: 'id' }, { key: 'title' }],
    );
    const next = appFolder('next', '1.0.1', [], [{ key: 'id' }]);
    expect(await run(next, '--previous', previous, '--max-warnings', '0')).toBe(1);
  });

  it('does not refuse a required field added without a default: a warning of the versioning matrix, in --format json', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    const owner = { key: 'owner', label: 'Owner', required: true };
    expect(
      await run(
        appFolder('next', '1.0.1', [PAGE, owner]),
        '--previous',
        previous,
        '--format',
        'json',
      ),
    ).toBe(0);
    const report = JSON.parse(lines.join('\n')) as {
      versioning: { entries: { id: string; status: string }[]; refused: boolean };
    };
    expect(report.versioning.entries).toEqual([
      expect.objectContaining({ id: 'new-required-field', status: 'warning' }),
    ]);
    expect(report.versioning.refused).toBe(false);
  });

  it('says a version lower than the previous one moves its users back', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(await run(appFolder('next', '0.9.0', [PAGE]), '--previous', previous)).toBe(0);
    expect(beforeVerdict(lines).slice(-3)[0]).toBe(
      `previous version 1.0.0 (${previous}), this version 0.9.0, lower than the previous one: promoting it moves its users back to older code.`,
    );
  });

  it('makes a field moved into a function a decided removal, with C002', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    const next = appFolder('next', '1.0.1', []);
    // The input fields become a function: Zapier compares static keys and sees page removed.
    appendFileSync(
      join(next, 'index.js'),
      'module.exports.triggers.new_thing.operation.inputFields = [() => [{ key: "page" }]];\n',
    );
    expect(await run(next, '--previous', previous)).toBe(1);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^✖ removed-input-field +publishing task triggers\.new_thing page: no longer written out: Zapier compares the definitions and sees it removed/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^! C002 +warning {9}triggers\.new_thing page: removed: /),
    );
    // Nothing is left undecided: no versioning line is deferred.
    expect(lines.filter((line) => line.startsWith('? '))).toEqual([]);
  });

  it("reads the previous version from zapier-platform build's definition.json", async () => {
    const definition = join(scratch, 'definition.json');
    writeFileSync(
      definition,
      JSON.stringify({
        version: '1.0.0',
        platformVersion: '19.1.0',
        triggers: {
          new_thing: {
            key: 'new_thing',
            noun: 'Thing',
            display: {
              label: 'New Thing',
              description: 'Triggers when a thing is added.',
            },
            operation: {
              perform: '$func$0$f$',
              inputFields: [PAGE],
              sample: { id: '1' },
            },
          },
        },
      }),
    );
    expect(
      await run(
        appFolder('next', '1.1.0', [{ ...PAGE, required: true }]),
        '--previous',
        definition,
      ),
    ).toBe(1);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^✖ newly-required-field +publishing task triggers\.new_thing page: optional before, now required without a default/,
      ),
    );
  });

  it('passes an unchanged app, with the version Zapier will require', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    expect(await run(appFolder('next', '1.0.0', [PAGE]), '--previous', previous)).toBe(0);
    expect(beforeVerdict(lines).slice(-2)).toEqual([
      'existing Zaps break: no.',
      'version Zapier will require: no new major; by its numbering advice 1.0.1 (no new functionality: a patch).',
    ]);
  });

  it('loads a previous app folder in that folder, as --app-dir is', async () => {
    const previous = appFolder('previous', '1.0.0', [PAGE]);
    // As apps do that read a file of theirs from the working directory.
    writeFileSync(join(previous, 'notes.txt'), 'only the previous version has it');
    appendFileSync(
      join(previous, 'index.js'),
      "require('fs').readFileSync('notes.txt');\n",
    );
    expect(await run(appFolder('next', '1.0.1', []), '--previous', previous)).toBe(1);
    expect(errors).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(/removed-input-field.*triggers\.new_thing page/),
    );
  });

  it('says what it cannot read, and exits 2', async () => {
    const next = appFolder('next', '1.0.0', []);
    expect(await run(next, '--previous', join(scratch, 'nowhere'))).toBe(2);
    writeFileSync(join(scratch, 'other.json'), '{"name": "not a definition"}');
    expect(await run(next, '--previous', join(scratch, 'other.json'))).toBe(2);
    expect(errors).toEqual([
      `zapier-publishing-checks: ${join(scratch, 'nowhere')} does not exist: give --previous the previous version's app folder or its definition.json`,
      `zapier-publishing-checks: ${join(scratch, 'other.json')} is no app definition (no "version"): give --previous the definition.json that zapier-platform build writes into build.zip, or the previous version's app folder`,
    ]);
  });
});

describe('--versions', () => {
  const versionsFile = (text: string) => {
    const path = join(scratch, 'versions.json');
    writeFileSync(path, text);
    return path;
  };

  it('makes a version that skips its predecessor an error, naming the one to push first', async () => {
    const file = versionsFile('1.0.0\n1.0.1\n');
    expect(await run(appFolder('next', '1.0.3', []), '--versions', file)).toBe(1);
    expect(beforeVerdict(lines).at(-1)).toBe(
      `✖ ${idColumn('push')} error           1.0.3 requires 1.0.2 to exist: push 1.0.2 first (or number this version after what exists). https://docs.zapier.com/integrations/news/2026/no-skip-or-intermediate-versions`,
    );
    expect(verdictIn(lines).slice(0, 2)).toEqual([
      'push: blocked, errors: push',
      'promotion: blocked, errors: push',
    ]);
  });

  it("passes the next version, read from zapier-platform versions' JSON", async () => {
    const file = versionsFile(
      JSON.stringify([{ Version: '1.0.0', State: 'production' }]),
    );
    expect(await run(appFolder('next', '1.1.0', []), '--versions', file)).toBe(0);
    expect(beforeVerdict(lines).at(-1)).toMatch(
      /^✔ push +pass +1\.1\.0 follows a release of 1\.0\.x: nothing to change\. /,
    );
  });

  it('exits 2 on a file it cannot read', async () => {
    expect(
      await run(appFolder('next', '1.0.0', []), '--versions', join(scratch, 'none')),
    ).toBe(2);
    expect(errors[0]).toMatch(
      /^zapier-publishing-checks: cannot read the versions file .*none: ENOENT/,
    );
  });
});

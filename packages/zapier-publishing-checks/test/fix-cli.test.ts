/**
 * `--fix` and `--fix-dry-run` on apps written to scratch folders: a
 * CommonJS app fixed in its index.js, a TypeScript app in its src/ (its
 * build compiled here with source maps), and what is never written.
 */
import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

import { main } from '../src/cli';
import type { Output } from '../src/cli';
import { writeFixes } from '../src/fix';
import type { JsonReport } from '../src/formats/json';
import { THINGS_LISTING, scratchApp, writeThingApp } from './scratch-app';

let appDir: string;
let out: string[];
let err: string[];
const output: Output = {
  out: (line) => out.push(line),
  err: (line) => err.push(line),
};

beforeEach(() => {
  appDir = scratchApp('fix-', THINGS_LISTING);
  out = [];
  err = [];
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

const run = async (...args: string[]) => {
  out = [];
  err = [];
  return main(['--app-dir', appDir, '--skip-schema', ...args], output);
};

const read = (file: string) => readFileSync(join(appDir, file), 'utf8');
const hash = (file: string) => createHash('sha256').update(read(file)).digest('hex');

/** An app with a label two triggers share, a description said otherwise, help that repeats its label, a bare URL and a computed label. */
const APP = `const zapier = require('zapier-platform-core');

// One label, two triggers.
const LABEL = 'new thing';

const perform = () => [{ id: '1' }];

module.exports = {
  version: '1.0.0',
  platformVersion: zapier.version,
  flags: { cleanInputData: false },
  triggers: {
    new_thing: {
      key: 'new_thing',
      noun: 'Thing',
      display: { label: LABEL, description: 'Fires when a thing is added' },
      operation: {
        perform,
        sample: { id: '1' },
        inputFields: [
          {
            key: 'colour',
            label: 'Colour',
            helpText: 'colour', // the label again
          },
          { key: 'size', label: 'Size', helpText: 'Sizes: https://example.org/sizes.' },
        ],
      },
    },
    other_thing: {
      key: 'other_thing',
      noun: 'Thing',
      display: { label: LABEL, description: 'Triggers when another thing is added.' },
      operation: { perform, sample: { id: '1' } },
    },
    updated_thing: {
      key: 'updated_thing',
      noun: 'Thing',
      display: { label: 'updated ' + 'thing', description: 'Triggers when a thing changes.' },
      operation: { perform, sample: { id: '1' } },
    },
  },
};
`;

const FIXED = APP.replace("const LABEL = 'new thing';", "const LABEL = 'New Thing';")
  .replace("'Fires when a thing is added'", "'Triggers when a thing is added.'")
  // The help text goes; the comment after it stays.
  .replace("helpText: 'colour', // the label again", '// the label again')
  .replace(
    "'Sizes: https://example.org/sizes.'",
    "'Sizes: [https://example.org/sizes](https://example.org/sizes).'",
  );

const idsIn = (report: JsonReport) =>
  report.results.filter((entry) => entry.status !== 'pass').map((entry) => entry.id);

/** The package's folder, whose build.mjs writes dist/. */
const PACKAGE = join(__dirname, '..');

/** `--fix` as npm runs the command: dist/cli.js, on Node, which loads the fixed app afresh. */
const fixOnNode = (...args: string[]) =>
  spawnSync(
    process.execPath,
    [
      join(PACKAGE, 'dist', 'cli.js'),
      '--app-dir',
      appDir,
      '--skip-schema',
      '--fix',
      ...args,
    ],
    { encoding: 'utf8', env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' } },
  );

describe('a CommonJS app', () => {
  // dist/, built by the package's own build (which waits for a build under way, and skips one up to date).
  beforeAll(() => {
    execFileSync(process.execPath, [join(PACKAGE, 'build.mjs')], { stdio: 'inherit' });
  });
  beforeEach(() => writeFileSync(join(appDir, 'index.js'), APP));

  it('--fix-dry-run prints a unified diff and writes nothing', async () => {
    const before = hash('index.js');
    expect(await run('--fix-dry-run')).toBe(1);
    expect(hash('index.js')).toBe(before);
    expect(out).toEqual([
      '--- a/index.js',
      '+++ b/index.js',
      '@@ -1,7 +1,7 @@',
      " const zapier = require('zapier-platform-core');",
      ' ',
      ' // One label, two triggers.',
      "-const LABEL = 'new thing';",
      "+const LABEL = 'New Thing';",
      ' ',
      " const perform = () => [{ id: '1' }];",
      ' ',
      '@@ -13,7 +13,7 @@',
      '     new_thing: {',
      "       key: 'new_thing',",
      "       noun: 'Thing',",
      "-      display: { label: LABEL, description: 'Fires when a thing is added' },",
      "+      display: { label: LABEL, description: 'Triggers when a thing is added.' },",
      '       operation: {',
      '         perform,',
      "         sample: { id: '1' },",
      '@@ -21,9 +21,9 @@',
      '           {',
      "             key: 'colour',",
      "             label: 'Colour',",
      "-            helpText: 'colour', // the label again",
      '+            // the label again',
      '           },',
      "-          { key: 'size', label: 'Size', helpText: 'Sizes: https://example.org/sizes.' },",
      "+          { key: 'size', label: 'Size', helpText: 'Sizes: [https://example.org/sizes](https://example.org/sizes).' },",
      '         ],',
      '       },',
      '     },',
    ]);
    expect(err).toEqual([
      'zapier-publishing-checks: 5 findings fixed in 1 file (nothing written)',
      'zapier-publishing-checks: D018 triggers.updated_thing: not fixed: it is built by a concatenation or a template (index.js:39)',
    ]);
  });

  it('--fix writes the fixes, the shared label once, and reports what is left; a second --fix changes nothing', () => {
    const first = fixOnNode('--format', 'json');
    expect(first.stderr.split('\n')[0]).toBe(
      'zapier-publishing-checks: 5 findings fixed in 1 file (index.js)',
    );
    expect(first.status).toBe(1);
    expect(read('index.js')).toBe(FIXED);
    // What is left, the app loaded again: the computed label only.
    const left = JSON.parse(first.stdout) as JsonReport;
    expect(idsIn(left)).toEqual(['D018']);
    expect(left.results.find((entry) => entry.id === 'D018')?.fix).toEqual({
      path: 'triggers.updated_thing.display.label',
      value: 'updated thing',
      text: 'Updated Thing',
      at: {
        reason: 'not fixed: it is built by a concatenation or a template (index.js:39)',
      },
    });
    const second = fixOnNode();
    expect(second.stderr.split('\n')[0]).toBe(
      'zapier-publishing-checks: 0 findings fixed in 0 files',
    );
    expect(read('index.js')).toBe(FIXED);
  });

  it('carries each fix as data in JSON, in SARIF and in the GitHub format', async () => {
    await run('--format', 'json');
    const report = JSON.parse(out.join('\n')) as JsonReport;
    const colour = report.results.find((entry) => entry.id === 'D011');
    const start = APP.indexOf("helpText: 'colour'");
    expect(colour?.fix).toEqual({
      path: 'triggers.new_thing.operation.inputFields[0].helpText',
      value: 'colour',
      text: null,
      at: {
        file: 'index.js',
        start,
        end: APP.indexOf('// the label again'),
        startLine: 24,
        startColumn: 13,
        endLine: 24,
        endColumn: 33,
        text: '',
      },
    });
    await run('--format', 'sarif');
    const sarif = JSON.parse(out.join('\n')) as {
      runs: { results: { ruleId: string; fixes?: unknown[] }[] }[];
    };
    const label = sarif.runs[0]?.results.find((result) => result.ruleId === 'D018');
    expect(label?.fixes).toEqual([
      {
        description: { text: '--fix writes "New Thing"' },
        artifactChanges: [
          {
            artifactLocation: { uri: expect.stringMatching(/index\.js$/) as unknown },
            replacements: [
              {
                deletedRegion: {
                  startLine: 4,
                  startColumn: 15,
                  endLine: 4,
                  endColumn: 26,
                  charOffset: APP.indexOf("'new thing'"),
                  charLength: "'new thing'".length,
                },
                insertedContent: { text: "'New Thing'" },
              },
            ],
          },
        ],
      },
    ]);
    await run('--format', 'github');
    expect(out.find((line) => line.includes('title=D021'))).toMatch(
      /--fix writes "Triggers when a thing is added\."\.$/,
    );
  });

  it('--fix writes no file changed after the checks read it, and says which and why', async () => {
    // --previous loads the previous version's app after the checks read this
    // one's code: as it loads, it adds a line to this app's index.js.
    const previous = scratchApp('fix-previous-');
    try {
      writeThingApp(previous, {
        before: `require('fs').appendFileSync(${JSON.stringify(join(appDir, 'index.js'))}, '// changed\\n');\n`,
      });
      expect(await run('--fix', '--previous', previous, '--format', 'json')).toBe(1);
      expect(read('index.js')).toBe(`${APP}// changed\n`);
      expect(err.slice(0, 2)).toEqual([
        'zapier-publishing-checks: 0 findings fixed in 0 files',
        'zapier-publishing-checks: index.js not written: it changed since the checks read it: run the checks again',
      ]);
      // The report is what was found: each fixable finding still there.
      const report = JSON.parse(out.join('\n')) as JsonReport;
      expect(idsIn(report)).toEqual(
        expect.arrayContaining(['D008', 'D011', 'D018', 'D021']),
      );
    } finally {
      rmSync(previous, { recursive: true, force: true });
    }
  });

  it('writes no file changed since the checks read it, nor one outside the app or in node_modules', () => {
    const change = { file: 'index.js', before: 'old text', after: 'new text', fixes: 1 };
    expect(writeFixes(appDir, [change])).toEqual({
      written: [],
      refused: [
        {
          file: 'index.js',
          reason: 'it changed since the checks read it: run the checks again',
        },
      ],
    });
    expect(read('index.js')).toBe(APP);
    const own = readFileSync(
      join(appDir, 'node_modules', 'zapier-platform-core', 'package.json'),
      'utf8',
    );
    const outside = { ...change, before: read('package.json'), file: '../x.js' };
    const dependency = {
      ...change,
      before: own,
      file: 'node_modules/zapier-platform-core/package.json',
    };
    const refused = writeFixes(appDir, [outside, dependency]).refused;
    expect(refused.map((each) => each.file)).toEqual([
      '../x.js',
      'node_modules/zapier-platform-core/package.json',
    ]);
    expect(
      readFileSync(
        join(appDir, 'node_modules', 'zapier-platform-core', 'package.json'),
        'utf8',
      ),
    ).toBe(own);
  });

  it('says --fix and --fix-dry-run are one or the other', async () => {
    expect(await run('--fix', '--fix-dry-run')).toBe(2);
    expect(err).toEqual([
      'zapier-publishing-checks: --fix and --fix-dry-run: give one of them',
    ]);
  });
});

describe('a TypeScript app', () => {
  const SOURCE = `import type { Trigger } from './types';

const trigger = {
  key: 'new_thing',
  noun: 'Thing',
  display: {
    label: 'new thing',
    description: 'Triggers when a thing is added',
  },
  operation: { perform: () => [{ id: '1' }], sample: { id: '1' } },
} satisfies Trigger;

export default {
  version: '1.0.0',
  platformVersion: require('zapier-platform-core').version as string,
  triggers: { [trigger.key]: trigger },
};
`;

  /** src/index.ts and its build in dist/, with a source map, as tsc writes them. */
  function buildApp(): void {
    mkdirSync(join(appDir, 'src'));
    mkdirSync(join(appDir, 'dist'));
    writeFileSync(join(appDir, 'src', 'index.ts'), SOURCE);
    writeFileSync(join(appDir, 'src', 'types.ts'), 'export type Trigger = object;\n');
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      '{"compilerOptions": {"outDir": "dist", "rootDir": "src", "sourceMap": true}}',
    );
    const built = ts.transpileModule(SOURCE, {
      fileName: join(appDir, 'src', 'index.ts'),
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        sourceMap: true,
        outDir: join(appDir, 'dist'),
        rootDir: join(appDir, 'src'),
      },
    });
    writeFileSync(join(appDir, 'dist', 'index.js'), built.outputText);
    writeFileSync(
      join(appDir, 'dist', 'index.js.map'),
      (built.sourceMapText ?? '').replace(
        '"sources":["index.ts"]',
        '"sources":["../src/index.ts"]',
      ),
    );
    writeFileSync(
      join(appDir, 'index.js'),
      "module.exports = require('./dist').default;\n",
    );
  }

  it('is fixed in src/, never in dist/, and told to build again', async () => {
    buildApp();
    const build = read('dist/index.js');
    expect(await run('--fix')).toBe(0);
    expect(read('src/index.ts')).toBe(
      SOURCE.replace("'new thing'", "'New Thing'").replace(
        "'Triggers when a thing is added'",
        "'Triggers when a thing is added.'",
      ),
    );
    expect(read('dist/index.js')).toBe(build);
    expect(err).toEqual([
      `zapier-publishing-checks: 2 findings fixed in 1 file (${join('src', 'index.ts')})`,
      "zapier-publishing-checks: the fixes are in the app's TypeScript sources: build the app again, then run the checks again (what follows is what was found less what was fixed)",
    ]);
    expect(out.filter((line) => /^[✖!] /.test(line))).toEqual([]);
  });
});

/** A finding as JSON reports it, by ID and place: the same finding before and after a fix. */
const keyOf = (entry: JsonReport['results'][number]) =>
  `${entry.id} ${entry.step ?? ''} ${entry.field ?? ''} ${entry.path ?? ''}`;

const checkOnNode = () => {
  const run = spawnSync(
    process.execPath,
    [join(PACKAGE, 'dist', 'cli.js'), '--app-dir', appDir, '--format', 'json'],
    { encoding: 'utf8', env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' } },
  );
  return { status: run.status, report: JSON.parse(run.stdout) as JsonReport };
};

/** Writes each file of an app (paths relative to its folder), its folders made. */
function writeFiles(files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(appDir, file, '..'), { recursive: true });
    writeFileSync(join(appDir, file), text);
  }
}

/** Apps laid out as the corpus's are: the CLI's template (a file per step, shared fields), one index.js. */
const CORPUS_LIKE: Record<string, Record<string, string>> = {
  'a file per step, fields shared from a module': {
    'index.js': `const zapier = require('zapier-platform-core');
const lead = require('./triggers/lead');
const createLead = require('./creates/create_lead');

module.exports = {
  version: '1.0.0',
  platformVersion: zapier.version,
  flags: { cleanInputData: false },
  triggers: { [lead.key]: lead },
  creates: { [createLead.key]: createLead },
};
`,
    'triggers/lead.js': `const perform = async () => [{ id: 1, name: 'Ada' }];

module.exports = {
  key: 'lead',
  noun: 'Lead',
  display: {
    label: 'new lead',
    description: 'Triggers when a new lead is created',
  },
  operation: { perform, sample: { id: 1, name: 'Ada' } },
};
`,
    'creates/create_lead.js': `const fields = require('../fields');

module.exports = {
  key: 'create_lead',
  noun: 'Lead',
  display: { label: 'create lead', description: 'Creates a lead.' },
  operation: {
    perform: async () => ({ id: 1 }),
    inputFields: [fields.email, { key: 'name', label: 'Name', helpText: 'Name.' }],
    sample: { id: 1 },
  },
};
`,
    'fields.js': `exports.email = {
  key: 'email',
  label: 'Email',
  helpText: 'The lead\\'s email, as https://example.org/leads shows it',
};
`,
  },
  'one index.js, labels in double quotes': {
    'index.js': `const zapier = require("zapier-platform-core");

module.exports = {
  version: "1.0.0",
  platformVersion: zapier.version,
  flags: { cleanInputData: false },
  triggers: {
    order: {
      key: "order",
      noun: "Order",
      display: { label: "new order from shop", description: "triggers when an order is placed." },
      operation: { perform: async () => [{ id: 7 }], sample: { id: 7 } },
    },
  },
};
`,
  },
};

describe('corpus-like apps, fixed on copies', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(PACKAGE, 'build.mjs')], { stdio: 'inherit' });
  });

  it.each(Object.entries(CORPUS_LIKE))(
    '%s: still loads, and the findings fixed do not come back',
    (_, files) => {
      writeFiles(files);
      const before = checkOnNode();
      const fixable = before.report.results.filter(
        (entry) =>
          entry.fix?.at !== undefined && entry.fix.at !== null && 'file' in entry.fix.at,
      );
      expect(fixable.length).toBeGreaterThan(1);
      const fixed = fixOnNode();
      expect(fixed.stderr).toMatch(/^zapier-publishing-checks: \d+ findings fixed in /);
      const after = checkOnNode();
      expect(after.status).not.toBe(2);
      expect(after.report.error).toBeNull();
      const left = new Set(after.report.results.map(keyOf));
      expect(fixable.map(keyOf).filter((key) => left.has(key))).toEqual([]);
      // A second --fix changes nothing: exit code as the verdict says, the same findings left.
      const text = Object.keys(files).map(read);
      const second = fixOnNode('--format', 'json');
      expect(second.stderr).toMatch(
        /^zapier-publishing-checks: 0 findings fixed in 0 files/,
      );
      expect(Object.keys(files).map(read)).toEqual(text);
      const again = JSON.parse(second.stdout) as JsonReport;
      expect(second.status).toBe(after.status);
      expect(again.verdict).toEqual(after.report.verdict);
      const blocked =
        again.verdict?.push.verdict === 'blocked' ||
        again.verdict?.promotion.verdict === 'blocked';
      expect(second.status).toBe(blocked ? 1 : 0);
      expect(again.results).toEqual(after.report.results);
    },
  );
});

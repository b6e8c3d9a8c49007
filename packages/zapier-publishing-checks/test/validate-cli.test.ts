/**
 * The command line on apps it cannot read, a definition the schema refuses,
 * and an app that breaks a rule: it says which, and exits non-zero; and a
 * command line's conventions (--help, --version, colour, --format json, the
 * exit code of each kind of bad input, naming what was wrong).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

import { RULES } from '../src/registry';
import { main } from '../src/cli';
import { THINGS_LISTING, scratchApp, writeThingApp } from './scratch-app';
import { beforeVerdict, summaryIn, verdictIn } from './report-lines';
import { idColumn } from './text-columns';

/** The repository, whose node_modules holds a zapier-platform-core for the apps written here. */
const REPOSITORY = join(__dirname, '..', '..', '..');

let appDir: string;
let out: string[];
let err: string[];
let isTerminal: boolean;
const output = {
  out: (line: string) => out.push(line),
  err: (line: string) => err.push(line),
  get isTerminal() {
    return isTerminal;
  },
};

beforeEach(() => {
  appDir = scratchApp('validate-', THINGS_LISTING);
  out = [];
  err = [];
  isTerminal = false;
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

const writeApp = (
  label: string,
  description: string,
  perform?: string,
  /** More of the trigger's operation, as JavaScript (`inputFields: [ … ]`). */
  operation?: string,
) =>
  writeThingApp(appDir, {
    label,
    description,
    ...(perform === undefined ? {} : { perform }),
    ...(operation === undefined ? {} : { operation }),
  });

const run = (...args: string[]) => main(['--app-dir', appDir, ...args], output);

it('says the app has nothing to load', async () => {
  expect(await run()).toBe(2);
  expect(err).toEqual([
    `zapier-publishing-checks: ${appDir} has no app to load: no index.js, and no package.json "exports" or "main" naming a file that exists (looked for ${join(appDir, 'index.js')})`,
  ]);
});

it('says the app cannot be loaded, and why', async () => {
  writeFileSync(join(appDir, 'index.js'), "throw new Error('half-written app');");
  expect(await run()).toBe(2);
  expect(err.join('\n')).toMatch(/cannot load the app \(.*\): half-written app/);
});

it('says which delivery file it cannot read', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  expect(await run('--delivery', 'new_thing=missing.json')).toBe(2);
  expect(err.join('\n')).toMatch(
    /cannot read the delivery for new_thing from .*missing\.json/,
  );
});

/** The zapier-platform-schema the repository's core brings, as the apps written here use it. */
const SCHEMA_VERSION = (
  JSON.parse(
    readFileSync(
      join(REPOSITORY, 'node_modules', 'zapier-platform-schema', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * An input field that names an ID without a dropdown (D004), on a step whose
 * cleanInputData is not false (D028): two warnings, and nothing that blocks.
 */
const TWO_WARNINGS = "inputFields: [{ key: 'thing_id', label: 'Thing ID' }]";

it("stops when the app's zapier-platform-schema refuses the definition, says where, and exits 1: it blocks a push", async () => {
  writeApp('N', 'Triggers when a thing is added.');
  expect(await run()).toBe(1);
  expect(out).toContainEqual(
    expect.stringMatching(
      /^✖ App\.triggers\.new_thing\.display\.label: does not meet minimum length of 2/,
    ),
  );
  expect(err).toEqual([
    `zapier-publishing-checks: the definition fails zapier-platform-schema ${SCHEMA_VERSION} (1 error): fix what is listed, then run again; no publishing check ran`,
  ]);
});

it('passes an app that follows every rule, after the schema validation, naming the schema version', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  expect(await run()).toBe(0);
  expect(out[0]).toBe(
    `==> schema: zapier-platform-schema ${SCHEMA_VERSION} (the app's own, as zapier-platform validate --without-style uses it): no structural errors`,
  );
  const all = RULES.length;
  expect(summaryIn(out)).toBe(
    `${all} checks: ${all} passed, 0 with errors, 0 with publishing tasks, 0 with warnings, 0 not decided offline.`,
  );
  // The report ends with the verdict, the summary just before it.
  expect(beforeVerdict(out).at(-1)).toBe(summaryIn(out));
  expect(verdictIn(out)).toEqual([
    'push: allowed, no error',
    "promotion: allowed by every check here (those that need Zapier's data, such as S001, are Zapier's)",
    "review: nothing for Zapier's reviewers",
  ]);
});

describe("each check's link", () => {
  /** The link that ends each check's line: after its last ". ". */
  const links = () =>
    out
      .filter((line) => /^[✔✖!?-] /.test(line))
      .map((line) => line.slice(line.lastIndexOf('. ') + 2));
  const LOCAL_RULES = RULES.filter((rule) => rule.meta.url === null).length;

  /** The links printed by a run from `cwd`: Zapier's pages, and this package's own for its rules. */
  async function linksFrom(cwd: string) {
    writeApp('New Thing', 'Triggers when a thing is added.');
    const before = process.cwd();
    process.chdir(cwd);
    try {
      expect(await run('--skip-schema')).toBe(0);
    } finally {
      process.chdir(before);
    }
    const printed = links();
    expect(printed).toHaveLength(RULES.length);
    const pages = printed.filter((link) => !link.startsWith('https://'));
    expect(pages).toHaveLength(LOCAL_RULES);
    expect(LOCAL_RULES).toBeGreaterThan(0);
    return pages;
  }

  it('is, for a local: rule, its page from the current folder, when the package is below it', async () => {
    const pages = await linksFrom(REPOSITORY);
    for (const page of pages) {
      expect(page).toMatch(
        /^packages\/zapier-publishing-checks\/docs\/rules\/local-.+\.md$/,
      );
      expect(existsSync(join(REPOSITORY, page))).toBe(true);
    }
  });

  it('is, for a local: rule, its page as an absolute path from anywhere else', async () => {
    const pages = await linksFrom(appDir);
    for (const page of pages) {
      expect(isAbsolute(page)).toBe(true);
      expect(existsSync(page)).toBe(true);
    }
  });
});

it("gives a local run Zapier's cache, as a live run has it", async () => {
  writeApp(
    'New Thing',
    'Triggers when a thing is added.',
    "async (z) => { await z.cache.set('seen', '1'); return [{ id: await z.cache.get('seen') }]; }",
  );
  expect(await run('--skip-schema')).toBe(0);
  expect(summaryIn(out)).toMatch(
    /^\d+ checks: \d+ passed, 0 with errors, 0 with publishing tasks, 0 with warnings, 0 not decided offline\.$/,
  );
});

it('reads --listing and --delivery from the current directory, as any command does', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  const elsewhere = mkdtempSync(join(tmpdir(), 'listing-'));
  try {
    writeFileSync(
      join(elsewhere, 'mine.json'),
      JSON.stringify({
        title: 'Things',
        description: 'Things is a list keeper for the work you track.',
      }),
    );
    const cwd = process.cwd();
    process.chdir(elsewhere);
    try {
      expect(await run('--skip-schema', '--listing', 'mine.json')).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

it('exits 1 on a publishing task, with its ID, what to change and the link', async () => {
  writeApp('New Thing', 'Fires when a thing is added.');
  expect(await run('--skip-schema')).toBe(1);
  expect(out).toContain(
    `✖ ${idColumn('D021')} publishing task triggers.new_thing: write the description as "Triggers when … ." ` +
      '(it is "Fires when a thing is added."). ' +
      'https://docs.zapier.com/platform/publish/integration-checks-reference#D021',
  );
  expect(out).toContainEqual(expect.stringMatching(/^✔ D018 +pass +.*#D018$/));
  expect(summaryIn(out)).toMatch(
    /^\d+ checks: \d+ passed, 0 with errors, 1 with publishing tasks, 0 with warnings, 0 not decided offline\.$/,
  );
});

describe('warnings', () => {
  it('alone exit 0, each on its line marked "!"', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.', undefined, TWO_WARNINGS);
    expect(await run('--skip-schema')).toBe(0);
    expect(out).toContainEqual(
      expect.stringMatching(/^! D004 +warning {9}triggers\.new_thing thing_id: /),
    );
    expect(out).toContainEqual(
      expect.stringMatching(
        /^! D028 +warning {9}triggers\.new_thing: cleanInputData is /,
      ),
    );
    expect(summaryIn(out)).toMatch(
      /^\d+ checks: \d+ passed, 0 with errors, 0 with publishing tasks, 2 with warnings, 0 not decided offline\.$/,
    );
  });

  it('exit 1 when there are more than --max-warnings N, saying what it counted', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.', undefined, TWO_WARNINGS);
    expect(await run('--skip-schema', '--max-warnings', '1')).toBe(1);
    expect(err).toEqual([
      'zapier-publishing-checks: 2 warnings (each finding not ignored, and each ignore entry that matched nothing) are more than --max-warnings 1 allows',
    ]);
  });

  it('exit 0 when there are --max-warnings N or fewer', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.', undefined, TWO_WARNINGS);
    expect(await run('--skip-schema', '--max-warnings', '2')).toBe(0);
  });

  it('--max-warnings 0 lets an app without warnings exit 0', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.');
    expect(await run('--skip-schema', '--max-warnings', '0')).toBe(0);
  });

  it('a --max-warnings that is no whole number exits 2, naming it', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.');
    expect(await run('--skip-schema', '--max-warnings', 'some')).toBe(2);
    expect(err).toEqual([
      'zapier-publishing-checks: --max-warnings some: give a whole number, such as 0',
    ]);
  });
});

describe("a command line's conventions", () => {
  const PACKAGE_VERSION = (
    JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const ESCAPE = '\u001b[';
  const ESCAPE_PATTERN = '\\u001b\\[';

  it('--help lists every option and exit code, and exits 0', async () => {
    expect(await main(['--help'], output)).toBe(0);
    const help = out.join('\n');
    for (const option of [
      '    --app-dir DIR',
      '    --listing FILE',
      '    --delivery TRIGGER_KEY=FILE',
      '    --skip-schema',
      '    --previous DIR|FILE',
      '    --versions FILE',
      '    --config FILE',
      '    --format text|json|github|sarif',
      '-o, --output-file FILE',
      '-q, --quiet',
      '    --max-warnings N',
      '    --list-checks',
      '-h, --help',
      '-v, --version',
    ]) {
      expect(help).toContain(`  ${option} `);
    }
    // A check is turned off without a reason; only an ignored finding needs one.
    expect(help).toMatch(
      /--config FILE +the config: checks turned off or given a category, findings ignored with a reason \(/,
    );
    expect(help).toMatch(
      /^exit codes:\n {2}0 {2}neither a push nor a promotion is blocked.*\n {2}1 {2}the verdict blocks a push .*more warnings than --max-warnings\n {2}2 {2}nothing was checked/m,
    );
    expect(err).toEqual([]);
  });

  it("--version prints the package's version and exits 0", async () => {
    expect(await main(['--version'], output)).toBe(0);
    expect(out).toEqual([PACKAGE_VERSION]);
  });

  it('an unknown option exits 2, naming it and pointing to --help', async () => {
    expect(await run('--colour')).toBe(2);
    expect(err).toEqual([
      "zapier-publishing-checks: Unknown option '--colour'; see zapier-publishing-checks --help for the options",
    ]);
  });

  it('an unknown --format exits 2, naming the setting', async () => {
    expect(await run('--format', 'yaml')).toBe(2);
    expect(err).toEqual([
      'zapier-publishing-checks: --format yaml: use text, json, github, sarif',
    ]);
  });

  it('a --listing that does not exist exits 2, naming the file', async () => {
    writeApp('New Thing', 'Triggers when a thing is added.');
    const missing = join(appDir, 'no-such-listing.json');
    expect(await run('--skip-schema', '--listing', missing)).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(
          `^zapier-publishing-checks: --listing: cannot read ${missing} \\(ENOENT`,
        ),
      ),
    ]);
  });

  it('an --app-dir that does not exist, or is a file, exits 2, naming it', async () => {
    expect(await main(['--app-dir', join(appDir, 'nowhere')], output)).toBe(2);
    const file = join(appDir, 'package.json');
    expect(await main(['--app-dir', file], output)).toBe(2);
    expect(err).toEqual([
      `zapier-publishing-checks: --app-dir: ${join(appDir, 'nowhere')} does not exist: give the app's folder`,
      `zapier-publishing-checks: --app-dir: ${file} is not a folder: give the app's folder`,
    ]);
  });

  it.each([
    [
      'an ES module whose "exports" is not built',
      '',
      { type: 'module', exports: './dist/index.js' },
    ],
    [
      'a CommonJS index.js requiring its build',
      "module.exports = require('./dist');",
      {},
    ],
  ])('says to build an unbuilt TypeScript app first: %s', async (_, index, manifest) => {
    writeFileSync(join(appDir, 'tsconfig.json'), '{}');
    writeFileSync(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', ...manifest }),
    );
    if (index !== '') {
      writeFileSync(join(appDir, 'index.js'), index);
    }
    expect(await run()).toBe(2);
    expect(err.join('\n')).toMatch(
      /it is a TypeScript app \(tsconfig\.json\): build it first \(npm run build, or npx tsc\), then run the checks$/,
    );
  });

  it.each([
    ['older than its code: says which file to build again', 1_000, true],
    ['as new as its code: says nothing of it', -1_000, false],
  ])('a TypeScript build %s', async (_, sourceNewerBy, warned) => {
    writeApp('New Thing', 'Triggers when a thing is added.');
    const built = join(appDir, 'dist', 'index.js');
    const source = join(appDir, 'src', 'index.ts');
    mkdirSync(join(appDir, 'dist'));
    mkdirSync(join(appDir, 'src'));
    renameSync(join(appDir, 'index.js'), built);
    writeFileSync(join(appDir, 'index.js'), "module.exports = require('./dist');");
    writeFileSync(source, 'export default {};');
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      '{"compilerOptions": {"outDir": "dist", "rootDir": "src"}}',
    );
    const now = Date.now() / 1000;
    utimesSync(built, now, now);
    utimesSync(source, now + sourceNewerBy, now + sourceNewerBy);
    expect(await run('--skip-schema')).toBe(0);
    expect(err).toEqual(
      warned
        ? [
            `zapier-publishing-checks: the app's build is older than its code: ${join('src', 'index.ts')} changed after ${join('dist', 'index.js')} was built; the checks read the built app, so build it again to check the change`,
          ]
        : [],
    );
  });

  describe('colour', () => {
    const saved = process.env.NO_COLOR;
    afterEach(() => {
      if (saved === undefined) {
        delete process.env.NO_COLOR;
      } else {
        process.env.NO_COLOR = saved;
      }
    });

    it('marks each result in colour on a terminal', async () => {
      delete process.env.NO_COLOR;
      isTerminal = true;
      writeApp('New Thing', 'Fires when a thing is added.');
      expect(await run('--skip-schema')).toBe(1);
      const lineOf = (id: string) => out.find((line) => line.includes(` ${id} `));
      expect(lineOf('D021')).toMatch(
        new RegExp(
          `^${ESCAPE_PATTERN}31m✖${ESCAPE_PATTERN}39m ${idColumn('D021')} publishing task `,
        ),
      );
      expect(lineOf('D018')).toMatch(
        new RegExp(
          `^${ESCAPE_PATTERN}32m✔${ESCAPE_PATTERN}39m ${idColumn('D018')} pass `,
        ),
      );
    });

    it('never when NO_COLOR is set, even on a terminal', async () => {
      process.env.NO_COLOR = '1';
      isTerminal = true;
      writeApp('New Thing', 'Fires when a thing is added.');
      expect(await run('--skip-schema')).toBe(1);
      expect(out.join('\n')).not.toContain(ESCAPE);
      expect(out).toContainEqual(expect.stringMatching(/^✖ D021 +publishing task /));
    });

    it('never when the output is not a terminal (piped)', async () => {
      delete process.env.NO_COLOR;
      writeApp('New Thing', 'Fires when a thing is added.');
      expect(await run('--skip-schema')).toBe(1);
      expect(out.join('\n')).not.toContain(ESCAPE);
    });
  });

  describe('--format json', () => {
    const report = () => {
      expect(out).toHaveLength(1);
      return JSON.parse(out[0] ?? '') as Record<string, unknown> & {
        results: Record<string, unknown>[];
      };
    };

    it('prints one object: each result with its ID, status, step, field, message and link, the summary, the schema version', async () => {
      writeApp('New Thing', 'Fires when a thing is added.');
      expect(await run('--format', 'json')).toBe(1);
      const json = report();
      expect(json.tool).toEqual({
        name: 'zapier-publishing-checks',
        version: PACKAGE_VERSION,
      });
      expect(json.schema).toEqual({
        package: 'zapier-platform-schema',
        version: SCHEMA_VERSION,
        errors: [],
      });
      expect(json.results).toContainEqual({
        id: 'D021',
        status: 'publishing-task',
        step: 'triggers.new_thing',
        field: null,
        path: 'triggers.new_thing.display.description',
        file: null,
        line: null,
        // The trigger's declared key, on the seventh line of the index.js writeApp writes.
        near: { file: 'index.js', line: 7 },
        message:
          'write the description as "Triggers when … ." (it is "Fires when a thing is added.")',
        categoryConfirmed: true,
        categorySetBy: null,
        link: 'https://docs.zapier.com/platform/publish/integration-checks-reference#D021',
        ignored: null,
        nothingToJudge: null,
        // Its fix, where the description is written in index.js.
        fix: {
          path: 'triggers.new_thing.display.description',
          value: 'Fires when a thing is added.',
          text: 'Triggers when a thing is added.',
          at: expect.objectContaining({
            file: 'index.js',
            startLine: 9,
            text: '"Triggers when a thing is added."',
          }) as unknown,
        },
      });
      expect(json.summary).toEqual({
        checks: RULES.length,
        passed: RULES.length - 1,
        errors: 0,
        publishingTasks: 1,
        warnings: 0,
        deferred: 0,
        ignored: 0,
        off: 0,
        warningFindings: 0,
      });
      expect(json.config).toEqual({ source: null, off: [], categories: {}, unused: [] });
      expect(json.verdict).toEqual({
        push: { verdict: 'allowed', errors: [] },
        promotion: {
          verdict: 'blocked',
          publishingTasks: ['D021'],
          deferred: [],
          unconfirmed: [],
          connection: null,
        },
        review: { warnings: [], other: [] },
      });
      expect(json.error).toBeNull();
    });

    it('says why nothing was checked in the same object, and exits 2', async () => {
      expect(await run('--format', 'json')).toBe(2);
      const json = report();
      expect(json.results).toEqual([]);
      expect(json.summary).toBeNull();
      expect(json.error).toMatch(/has no app to load/);
      expect(json.verdict).toBeNull();
      expect(json.config).toEqual({ source: null, off: [], categories: {}, unused: [] });
      expect(err).toHaveLength(1);
    });

    it("lists the schema's errors, where each is, with no summary, and exits 1", async () => {
      writeApp('N', 'Triggers when a thing is added.');
      expect(await run('--format', 'json')).toBe(1);
      const json = report();
      expect(json.schema).toEqual({
        package: 'zapier-platform-schema',
        version: SCHEMA_VERSION,
        errors: [
          expect.objectContaining({
            property: 'App.triggers.new_thing.display.label',
            message: 'does not meet minimum length of 2',
          }),
        ],
      });
      // The checks ran on nothing: no results, no summary; no error, as the app was read.
      expect(json.results).toEqual([]);
      expect(json.summary).toBeNull();
      expect(json.error).toBeNull();
      // The schema's failure blocks the push, and so the promotion.
      const verdict = json.verdict as {
        push: unknown;
        promotion: { verdict: string };
      };
      expect(verdict.push).toEqual({ verdict: 'blocked', errors: ['schema'] });
      expect(verdict.promotion.verdict).toBe('blocked');
      expect(err).toEqual([
        expect.stringMatching(
          /^zapier-publishing-checks: the definition fails zapier-platform-schema/,
        ),
      ]);
    });
  });
});

describe('a --delivery for a step that takes none', () => {
  beforeEach(() => {
    writeApp('New Thing', 'Triggers when a thing is added.');
    writeFileSync(join(appDir, 'delivery.json'), '{"id":"1"}');
  });

  it('names a key no trigger has (exit 2)', async () => {
    expect(
      await run(
        '--skip-schema',
        '--delivery',
        `new_thnig=${join(appDir, 'delivery.json')}`,
      ),
    ).toBe(2);
    expect(err).toEqual([
      'zapier-publishing-checks: --delivery new_thnig: the app has no visible trigger with that key (the app has no hook trigger)',
    ]);
  });

  it('names a polling trigger (exit 2)', async () => {
    expect(
      await run(
        '--skip-schema',
        '--delivery',
        `new_thing=${join(appDir, 'delivery.json')}`,
      ),
    ).toBe(2);
    expect(err).toEqual([
      "zapier-publishing-checks: --delivery new_thing: triggers.new_thing is a polling trigger, and a delivery is a hook trigger's webhook body (the app has no hook trigger)",
    ]);
  });
});

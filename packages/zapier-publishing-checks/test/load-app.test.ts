/**
 * The checks load any app the CLI loads, as the CLI loads it: core's handler
 * before core 17, ES module apps with and without a root index.js; an app
 * that exports nothing is refused, not passed. ES modules are loaded on real
 * Node (the compiled `cli.js` in a child process): Jest's module
 * system cannot load them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { main } from '../src/cli';
import { lint } from '../src/lint';
import { caseHint } from '../src/read/load-app';
import { summaryIn } from './report-lines';
import { idColumn } from './text-columns';

/** The repository, whose node_modules holds a zapier-platform-core for the apps written here. */
const REPOSITORY = join(__dirname, '..', '..', '..');
const PACKAGE = join(__dirname, '..');
const NODE = join(REPOSITORY, 'node_modules', '.bin', 'node');

jest.setTimeout(60_000);

const TRIGGER = `{
    new_thing: {
      key: 'new_thing',
      noun: 'Thing',
      display: { label: 'New Thing', description: 'Triggers when a thing is added.' },
      operation: { perform: () => [{ id: '1' }], sample: { id: '1' } },
    },
  }`;

/** The test's scratch folder, and the app's folder in it (the same, unless a test moves the app deeper). */
let scratch: string;
let appDir: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'load-app-'));
  appDir = scratch;
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(appDir, path)), { recursive: true });
  writeFileSync(join(appDir, path), text);
}

function useProjectCore(): void {
  symlinkSync(join(REPOSITORY, 'node_modules'), join(appDir, 'node_modules'));
}

/** Moves the app `segments` below the scratch folder: another depth, names with spaces and other letters. */
function moveAppTo(segments: string[]): void {
  appDir = join(scratch, ...segments);
  mkdirSync(appDir, { recursive: true });
}

/** An app whose entities/contact.js requires './abstract' beside Abstract.js; the hint it should get. */
function writeCapitalsApp(): string {
  useProjectCore();
  write('package.json', '{"name":"capitals","version":"1.0.0"}');
  write('entities/Abstract.js', 'module.exports = {};');
  write('entities/contact.js', "module.exports = require('./abstract');");
  write('index.js', "require('./entities/contact');");
  return `${join(appDir, 'entities', 'Abstract.js')} exists with other capitals: file names are case-sensitive where Zapier runs (Linux), so require it as written on disk`;
}

/** In process, as `npm run validate` runs on this app. */
async function validateInProcess(): Promise<{
  code: number;
  out: string[];
  err: string[];
}> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['--app-dir', appDir, '--skip-schema'], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('an app on a core before 17', () => {
  /**
   * Core before 17 exports a handler taking (event, context, callback) that
   * sets `context.callbackWaitsForEmptyEventLoop`: a small stand-in with
   * that calling convention, answering the two commands the checks send.
   */
  const OLD_CORE = `
module.exports = {
  version: '15.5.1',
  createAppHandler: (app) =>
    function handler(event, context, callback) {
      context.callbackWaitsForEmptyEventLoop = false;
      if (event.command === 'definition') {
        callback(null, { results: JSON.parse(JSON.stringify(app, (key, value) =>
          typeof value === 'function' ? '$func$2$f$' : value)) });
      } else if (event.command === 'execute') {
        const [, key] = event.method.split('.');
        Promise.resolve(app.triggers[key].operation.perform({}, event.bundle)).then(
          (results) => callback(null, { results }),
          (error) => callback(error),
        );
      } else {
        callback(new Error('unknown command ' + event.command));
      }
    },
};`;

  it('is called with a context and a callback, as the CLI calls it', async () => {
    write(
      'node_modules/zapier-platform-core/package.json',
      '{"name":"zapier-platform-core","version":"15.5.1"}',
    );
    write('node_modules/zapier-platform-core/index.js', OLD_CORE);
    write('package.json', '{"name":"old-app","version":"1.0.0"}');
    write(
      'listing.json',
      JSON.stringify({
        title: 'Things',
        description: 'Things is a list keeper for everything you want to track at work.',
      }),
    );
    write(
      'index.js',
      `module.exports = { version: '1.0.0', platformVersion: '15.5.1', triggers: ${TRIGGER} };`,
    );

    const { code, out, err } = await validateInProcess();

    expect(err).toEqual([]);
    expect(out.filter((line) => /^(✖|!) /.test(line))).toEqual([]);
    expect(code).toBe(0);
    expect(summaryIn(out)).toMatch(
      /^\d+ checks: \d+ passed, 0 with errors, 0 with publishing tasks, 0 with warnings, \d+ not decided offline\.$/,
    );
  });
});

describe('an app that exports nothing', () => {
  it('is refused (exit 2), not passed', async () => {
    useProjectCore();
    write('package.json', '{"name":"empty-app","version":"1.0.0"}');
    write('index.js', "module.exports = { app: { version: '1.0.0' } };");

    const { code, err } = await validateInProcess();

    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(
      /exports no app: its definition has no version and platformVersion, which every Zapier app declares/,
    );
  });
});

describe("a CommonJS app, loaded as Zapier's runtime loads it", () => {
  const APP = `const zapier = require('zapier-platform-core');
module.exports = { version: '1.0.0', platformVersion: zapier.version, triggers: ${TRIGGER} };`;

  it('from index.js at its root, whatever package.json "main" names', async () => {
    useProjectCore();
    // "main" names a module that exports the app under another name, as generated clients do.
    write('package.json', '{"name":"generated","version":"1.0.0","main":"dist/api.js"}');
    write('dist/api.js', `exports.App = require('../index.js');`);
    write('index.js', APP);

    const { code, err } = await validateInProcess();

    expect(err).toEqual([]);
    expect(code).toBe(0);
  });

  it('in its own folder, for files it reads relative to the working directory', async () => {
    useProjectCore();
    write('package.json', '{"name":"reads-files","version":"1.0.0"}');
    write('scripting.js', 'module.exports = {};');
    write('index.js', `require('fs').readFileSync('./scripting.js', 'utf8');\n${APP}`);

    const { code, err } = await validateInProcess();

    expect(err).toEqual([]);
    expect(code).toBe(0);
  });
});

describe('a file required with other capitals than on disk', () => {
  // Jest names the requiring file relative to its root directory, Node as an
  // absolute path: the hint holds whichever, wherever the app lies.
  describe.each([[[]], [['a']], [['new user', 'mes projets é', 'landing page']]])(
    'with the app %j below a scratch folder',
    (segments: string[]) => {
      beforeEach(() => moveAppTo(segments));

      it('is named by the command, with why it fails where Zapier runs (exit 2)', async () => {
        const hint = writeCapitalsApp();

        const { code, err } = await validateInProcess();

        expect(code).toBe(2);
        expect(err.join('\n')).toContain(hint);
      });

      it('is named by lint(), called inside a Jest test', async () => {
        const hint = writeCapitalsApp();

        await expect(lint(appDir, { schema: false })).rejects.toThrow(hint);
      });
    },
  );

  it('is named when the error gives no absolute requiring file (another loader)', () => {
    write('lib/Abstract.js', 'module.exports = {};');
    const error = Object.assign(
      new Error("Cannot find module './abstract' (required by ../../lib/contact.js)"),
      { code: 'MODULE_NOT_FOUND', requireStack: ['../../lib/contact.js'] },
    );

    expect(caseHint(error, appDir)).toContain(
      `${join(appDir, 'lib', 'Abstract.js')} exists`,
    );
  });

  it('is not named for a package, nor where the exact name exists too', () => {
    write('lib/Abstract.js', 'module.exports = {};');
    write('lib/abstract.json', '{}');

    expect(caseHint(new Error("Cannot find module 'left-pad'"), appDir)).toBe('');
    expect(caseHint(new Error("Cannot find module './abstract'"), appDir)).toBe('');
  });
});

describe('the minimal template, as zapier-platform init writes it', () => {
  it('is checked, not refused: an app with no steps is no static webhook, and passes', async () => {
    useProjectCore();
    write('package.json', '{"name":"minimal","version":"1.0.0"}');
    write(
      'index.js',
      `const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
module.exports = { version, platformVersion, triggers: {}, searches: {}, creates: {}, resources: {} };`,
    );

    const { code, out, err } = await validateInProcess();

    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toContain(
      `✔ ${idColumn('D016')} pass            the integration is more than one static webhook trigger: nothing to change. https://docs.zapier.com/platform/publish/integration-checks-reference#D016`,
    );
    // With no listing.json, M002 is the one check left undecided.
    expect(summaryIn(out)).toMatch(
      /^\d+ checks: \d+ passed, 0 with errors, 0 with publishing tasks, 0 with warnings, 1 not decided offline\.$/,
    );
  });
});

describe('ES module apps, on real Node', () => {
  // The command as npm runs it: dist/, built by the package's own build
  // (which waits for a build under way, and skips one that is up to date).
  beforeAll(() => {
    // Its output ("dist/ is up to date") only in its failure, thrown with it.
    execFileSync(NODE, [join(PACKAGE, 'build.mjs')], { stdio: 'pipe' });
  });

  const validateOnNode = () =>
    spawnSync(
      NODE,
      [join(PACKAGE, 'dist', 'cli.js'), '--app-dir', appDir, '--skip-schema'],
      { encoding: 'utf8', env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' } },
    );

  const ESM_APP = `import zapier from 'zapier-platform-core';

export default { version: '1.0.0', platformVersion: zapier.version, triggers: ${TRIGGER} };
`;

  it('names a file required with other capitals, from an app at any depth', () => {
    moveAppTo(['new user', 'mes projets é', 'landing page']);
    const hint = writeCapitalsApp();

    const run = validateOnNode();

    expect(run.status).toBe(2);
    expect(run.stderr).toContain(hint);
  });

  it('loads one without a root index.js through package.json "exports"', () => {
    useProjectCore();
    write(
      'package.json',
      JSON.stringify({
        name: 'esm-app',
        version: '1.0.0',
        type: 'module',
        exports: './src/app.js',
      }),
    );
    write('src/app.js', ESM_APP);

    const run = validateOnNode();

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/✔ D021 +pass/);
  });

  it('unwraps the default export of one with a root index.js, and checks it', () => {
    useProjectCore();
    write(
      'package.json',
      JSON.stringify({ name: 'esm-app', version: '1.0.0', type: 'module' }),
    );
    write(
      'index.js',
      ESM_APP.replace(
        "'Triggers when a thing is added.'",
        "'Fires when a thing is added.'",
      ),
    );

    const run = validateOnNode();

    // Read as an empty definition, it would pass everything; read right, D021 is a publishing task.
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/✖ D021 +publishing task triggers\.new_thing/);
  });
});

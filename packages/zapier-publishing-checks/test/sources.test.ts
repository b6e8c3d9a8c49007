/** What of an app's folder the checks read as its own: its code. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { readSources } from '../src/read/sources';

let appDir: string;

beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'sources-'));
});

afterEach(() => {
  rmSync(appDir, { recursive: true, force: true });
});

it("reads the app's code, not its dependencies or tests", () => {
  writeFileSync(join(appDir, 'index.js'), 'module.exports = {};');
  writeFileSync(join(appDir, 'package.json'), '{"name": "crowdin"}');
  mkdirSync(join(appDir, 'node_modules'));
  writeFileSync(join(appDir, 'node_modules', 'dep.js'), '');
  writeFileSync(join(appDir, 'index.test.js'), '');
  const sources = readSources(appDir);
  expect(sources.map((source) => source.path)).toEqual(['index.js']);
});

/** Writes each file, its folders made. */
function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(appDir, path)), { recursive: true });
    writeFileSync(join(appDir, path), text);
  }
}

const pathsRead = () => readSources(appDir).map((source) => source.path);

describe("the app's code is what its entry loads", () => {
  it('follows each relative require from index.js, and reads nothing else', () => {
    write({
      'package.json': '{"name": "app"}',
      'index.js':
        "const a = require('./lib/a');\nconst core = require('zapier-platform-core');\nmodule.exports = a;",
      'lib/a.js': "module.exports = require('./b');",
      'lib/b.js': 'module.exports = {};',
      'unused.js': 'module.exports = {};',
      'scripts/x.js': "require('../lib/a');",
      'test/y.js': "require('../index');",
    });
    expect(pathsRead()).toEqual(['index.js', 'lib/a.js', 'lib/b.js']);
  });

  it('reads each file once, however many load it', () => {
    write({
      'index.js': "require('./a'); require('./b.js'); require('./a.js');",
      'a.js': "require('./b');",
      'b.js': "require('./a');",
    });
    expect(pathsRead()).toEqual(['index.js', 'a.js', 'b.js']);
  });

  it('reads a folder the entry loads by a name built at run time', () => {
    write({
      'index.js': [
        "const names = ['new_thing', 'new_other'];",
        'const triggers = names.map((name) => require(`./triggers/${name}`));',
        "const searches = ['find'].map((name) => require('./searches/' + name));",
        'module.exports = { triggers, searches };',
      ].join('\n'),
      'triggers/new_thing.js': 'module.exports = {};',
      'triggers/new_other.js': 'module.exports = {};',
      'triggers/new_thing.test.js': '',
      'searches/find.js': 'module.exports = {};',
      'creates/unused.js': 'module.exports = {};',
    });
    expect(pathsRead().sort()).toEqual([
      'index.js',
      'searches/find.js',
      'triggers/new_other.js',
      'triggers/new_thing.js',
    ]);
  });

  it('follows import, export … from and import() in an ES module app', () => {
    write({
      'package.json': '{"name": "app", "type": "module", "exports": "./src/app.js"}',
      'src/app.js': [
        "import zapier from 'zapier-platform-core';",
        "import { thing } from './triggers/thing.js';",
        "export { find } from './searches/find.js';",
        "const later = () => import('./creates/add.js');",
        'export default { thing, later };',
      ].join('\n'),
      'src/triggers/thing.js': 'export const thing = {};',
      'src/searches/find.js': 'export const find = {};',
      'src/creates/add.js': 'export default {};',
      'index.js': 'module.exports = {};',
    });
    expect(pathsRead()).toEqual([
      'src/app.js',
      'src/triggers/thing.js',
      'src/searches/find.js',
      'src/creates/add.js',
    ]);
  });

  it('reads nothing outside the app folder', () => {
    write({
      'app/index.js': "require('../outside');",
      'outside.js': 'module.exports = {};',
    });
    expect(readSources(join(appDir, 'app')).map((source) => source.path)).toEqual([
      'index.js',
    ]);
  });
});

describe('a TypeScript app', () => {
  beforeEach(() =>
    write({
      'tsconfig.json': `{
  // the compiler's
  "compilerOptions": { "outDir": "dist", "rootDir": "src", "module": "commonjs", },
}`,
      'package.json': '{"name": "app", "main": "dist/index.js"}',
      'src/index.ts':
        "import create from './creates/x';\nimport again from './creates/x.js';\nexport default { create, again };",
      'src/creates/x.ts': 'export default {};',
      'dist/index.js': "const x = require('./creates/x');\nmodule.exports = { x };",
      'dist/creates/x.js': 'module.exports = {};',
      // A stale build's leftover: no source, loaded by nothing.
      'dist/creates/old.js': "module.exports = { url: 'http://old.example.com' };",
      'scripts/release.ts': "import '../src/index';",
    }),
  );

  it('is read as its sources, each once, never its build', () => {
    expect(pathsRead()).toEqual(['src/index.ts', 'src/creates/x.ts']);
  });

  it("is read as its sources when its code imports './x.js' as TypeScript writes it", () => {
    write({
      'src/index.ts': "import create from './creates/x.js';\nexport default { create };",
    });
    expect(pathsRead()).toEqual(['src/index.ts', 'src/creates/x.ts']);
  });

  it('reads a built file that has no source as built, the others as their sources', () => {
    write({ 'dist/index.js': "require('./creates/x'); require('./creates/old');" });
    rmSync(join(appDir, 'src', 'index.ts'));
    expect(pathsRead()).toEqual([
      'dist/index.js',
      'src/creates/x.ts',
      'dist/creates/old.js',
    ]);
  });
});

describe('a TypeScript app built without rootDir', () => {
  it('whose tsconfig includes more than src: its build mirrors the app folder, read as src', () => {
    write({
      'tsconfig.json':
        '{"compilerOptions": {"outDir": "lib"}, "include": ["./src", "./test"]}',
      'package.json': '{"name": "app", "main": "lib/src/index.js"}',
      'src/index.ts': "import x from './creates/x';\nexport default { x };",
      'src/creates/x.ts': 'export default {};',
      'lib/src/index.js': "module.exports = { x: require('./creates/x') };",
      'lib/src/creates/x.js': 'module.exports = {};',
    });
    expect(pathsRead()).toEqual(['src/index.ts', 'src/creates/x.ts']);
  });

  it('reads the source each source map names, wherever it is', () => {
    write({
      'tsconfig.json': '{"compilerOptions": {"outDir": "out", "sourceMap": true}}',
      'package.json': '{"name": "app", "main": "out/main.js"}',
      'app/main.ts': "import x from './steps/x';\nexport default { x };",
      'app/steps/x.ts': 'export default {};',
      'out/main.js':
        "module.exports = { x: require('./steps/x') };\n//# sourceMappingURL=main.js.map",
      'out/main.js.map':
        '{"version":3,"file":"main.js","sourceRoot":"","sources":["../app/main.ts"],"mappings":""}',
      'out/steps/x.js': 'module.exports = {};',
      'out/steps/x.js.map':
        '{"version":3,"sources":["x.ts"],"sourceRoot":"../../app/steps/","mappings":""}',
    });
    expect(pathsRead()).toEqual(['app/main.ts', 'app/steps/x.ts']);
  });
});

describe('an app with no entry', () => {
  it('is read as its folder: its code, not dependencies, build output, tests or tooling', () => {
    write({
      'package.json': '{"name": "app", "main": "missing.js"}',
      'app.js': 'module.exports = {};',
      'triggers/thing.js': 'module.exports = {};',
      'triggers/thing.test.js': '',
      'node_modules/dep/index.js': '',
      'build/bundle.js': '',
      'dist/index.js': '',
      'test/app.js': '',
      'scripts/release.js': '',
      '.hidden/x.js': '',
      'README.md': '',
    });
    expect(pathsRead().sort()).toEqual(['app.js', 'triggers/thing.js']);
  });

  it("leaves out a TypeScript app's outDir, whatever its name", () => {
    write({
      'tsconfig.json': '{"compilerOptions": {"outDir": "compiled"}}',
      'package.json': '{"name": "app", "main": "compiled/index.js"}',
      'src/index.ts': 'export default {};',
      'compiled/other.js': '',
    });
    expect(pathsRead()).toEqual(['src/index.ts']);
  });
});

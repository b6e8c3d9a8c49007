/** Fixtures of the publishing suite. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An app with nothing to install in `folder`/app, as `scripts/stage-build.sh`
 * stages one: a package.json, its lockfile, an index.js. Answers its folder.
 */
export function emptyApp(folder: string): string {
  const app = join(folder, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  );
  writeFileSync(
    join(app, 'package-lock.json'),
    JSON.stringify({
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'app', version: '1.0.0' } },
    }),
  );
  writeFileSync(join(app, 'index.js'), 'module.exports = {};\n');
  return app;
}

/**
 * The package as npm installs it from its tarball: no script runs at
 * install (npm would run it, and warn of it, in every app that installs
 * the tarball, which holds none of the sources a build needs); dist/ is
 * built before packing instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = JSON.parse(
  readFileSync(join(__dirname, '..', 'package.json'), 'utf8'),
) as { scripts?: Record<string, string>; files: string[]; bin: Record<string, string> };

/** The scripts npm runs when it installs a package (a tarball, a folder, a git dependency). */
const INSTALL_SCRIPTS = [
  'preinstall',
  'install',
  'postinstall',
  'prepublish',
  'preprepare',
  'prepare',
  'postprepare',
];

it('runs no script when installed', () => {
  const scripts = Object.keys(manifest.scripts ?? {});
  expect(scripts.filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
});

it('builds what it ships before npm packs it, the command among it', () => {
  expect(manifest.scripts?.prepack).toBe(manifest.scripts?.build);
  expect(manifest.files).toContain('dist');
  for (const command of Object.values(manifest.bin)) {
    expect(command).toMatch(/^dist\//);
  }
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import zapier from 'zapier-platform-core';

import type { createApp } from '../../src/app';

interface PackageJson {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  main: string;
}

const packageJson = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'),
) as PackageJson;

describe('runtime', () => {
  it('runs on Node.js 22, as Zapier runs the app', () => {
    expect(process.versions.node.split('.')[0]).toBe('22');
  });

  it('pins zapier-platform-core to an exact 19.x version, as the CLI requires', () => {
    expect(packageJson.dependencies['zapier-platform-core']).toMatch(/^19\.\d+\.\d+$/);
  });

  it('brings its own Node.js 22 and points main at the built entry', () => {
    expect(packageJson.devDependencies.node).toMatch(/^22\.\d+\.\d+$/);
    expect(packageJson.main).toBe('dist/index.js');
  });

  it('is the package entry the CLI loads', async () => {
    const entry = (await import('../../src/index')) as unknown as { default?: unknown };
    const app = (entry.default ?? entry) as ReturnType<typeof createApp>;
    expect(Object.keys(app.triggers ?? {})).toEqual(['new_lead', 'page_list']);
    expect(app.platformVersion).toBe(zapier.version);
  });
});

/**
 * Scratch apps for the command-line tests: a folder with the repository's
 * node_modules beside it (its zapier-platform-core), and the index.js of an
 * app with one trigger, New Thing.
 */
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository, whose node_modules holds a zapier-platform-core for the apps written here. */
export const REPOSITORY = join(__dirname, '..', '..', '..');

/** A new folder for an app: its package.json, the repository's node_modules, `listing` if given. */
export function scratchApp(prefix: string, listing?: object): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(REPOSITORY, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'app',
      version: '1.0.0',
      dependencies: { 'zapier-platform-core': '19.1.0' },
    }),
  );
  if (listing !== undefined) {
    writeFileSync(join(dir, 'listing.json'), JSON.stringify(listing));
  }
  return dir;
}

/** A listing M002 passes. */
export const THINGS_LISTING = {
  title: 'Things',
  description: 'Things is a list keeper for everything you want to track at work.',
};

export interface ThingApp {
  label?: string;
  description?: string;
  /** The trigger's `perform`, as JavaScript. */
  perform?: string;
  /** More of the trigger's operation, as JavaScript (`inputFields: [ … ]`). */
  operation?: string;
  /** JavaScript before the app (it runs first when the app loads), and after it. */
  before?: string;
  after?: string;
}

/** Writes into `dir` the index.js of an app with one polling trigger, New Thing, each part replaceable. */
export function writeThingApp(dir: string, app: ThingApp = {}): void {
  const {
    label = 'New Thing',
    description = 'Triggers when a thing is added.',
    perform = "() => [{ id: '1' }]",
    operation = '',
    before = '',
    after = '',
  } = app;
  writeFileSync(
    join(dir, 'index.js'),
    `${before}const zapier = require('zapier-platform-core');
module.exports = {
  version: '1.0.0',
  platformVersion: zapier.version,
  triggers: {
    new_thing: {
      key: 'new_thing',
      noun: 'Thing',
      display: { label: ${JSON.stringify(label)}, description: ${JSON.stringify(description)} },
      operation: { perform: ${perform}, sample: { id: '1' }${operation === '' ? '' : `, ${operation}`} },
    },
  },
};
${after}`,
  );
}

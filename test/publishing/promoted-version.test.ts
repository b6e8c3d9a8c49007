/**
 * `npm run validate` compares the code with publishing/promoted-definition.json,
 * the public version `npm run promote` recorded, as Zapier's promotion
 * guardrails do: the app as it stands passes, and each breaking change tried
 * on a copy of the app is a publishing task (Zapier pauses the
 * promotion), with the version to use.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import zapier from 'zapier-platform-core';

import {
  asAppHandler,
  checkVersions,
  definitionOf,
  entryLine,
  readPreviousDefinition,
} from 'zapier-publishing-checks';
import { createApp } from '../../src/app';

const ROOT = join(__dirname, '..', '..');

/** The definition `npm run validate` compares with: its `--previous`, from the app's folder. */
function validatesAgainst(): string {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const previous = /--previous (\S+)/.exec(scripts.validate ?? '')?.[1];
  expect(previous).toBeDefined();
  return resolve(ROOT, previous!);
}

const PROMOTED = join(ROOT, 'publishing', 'promoted-definition.json');

/** The app as plain data, to change a copy of: core reads it as any object. */
interface AppObject {
  authentication: Record<string, unknown>;
  triggers: Record<string, { operation: Record<string, unknown> }>;
}

const appObject = (pkce = false) => createApp({ pkce }) as unknown as AppObject;

/** The comparison `npm run validate` makes, on `app`: its exit code and its lines as printed. */
async function compareWithPromoted(app: object) {
  const handler = asAppHandler(
    (
      zapier as unknown as {
        createAppHandler: (app: object) => (...args: unknown[]) => unknown;
      }
    ).createAppHandler(app),
  );
  const report = checkVersions(await definitionOf(handler), {
    previous: { definition: await readPreviousDefinition(PROMOTED), source: PROMOTED },
  });
  const lines = [...report.entries.map((entry) => entryLine(entry)), ...report.closing];
  return { code: report.refused ? 1 : 0, lines };
}

/** A copy of the app whose New Lead operation is `change`d (a copy too). */
function withNewLead(change: (operation: Record<string, unknown>) => void): AppObject {
  const app = appObject();
  const newLead = app.triggers.new_lead!;
  const operation = { ...newLead.operation };
  change(operation);
  return { ...app, triggers: { ...app.triggers, new_lead: { ...newLead, operation } } };
}

it('compares with the promoted version, not the one pushed last', () => {
  expect(validatesAgainst()).toBe(PROMOTED);
});

it.each([false, true])('passes the code as it stands (PKCE %s)', async (pkce) => {
  const { code, lines } = await compareWithPromoted(appObject(pkce));
  expect(code).toBe(0);
  // It names the promoted version and the file it read it from.
  expect(lines).toEqual([
    'previous version 1.0.0 (' + PROMOTED + '), this version 1.0.0.',
    'existing Zaps break: no.',
    'version Zapier will require: no new major; by its numbering advice 1.0.1 (no new functionality: a patch).',
  ]);
});

it.each<[string, string, () => object]>([
  [
    "removing New Lead's Page field",
    '✖ removed-input-field publishing task triggers.new_lead page: removed',
    () => withNewLead((operation) => (operation.inputFields = [])),
  ],
  [
    'making Page required',
    '✖ newly-required-field publishing task triggers.new_lead page: optional before, now required',
    () =>
      withNewLead((operation) => {
        const [page] = operation.inputFields as object[];
        operation.inputFields = [{ ...page, required: true }];
      }),
  ],
  [
    'changing the auth type',
    '✖ auth-type publishing task authentication: type oauth2 became custom',
    () => {
      const app = appObject();
      return {
        ...app,
        authentication: { type: 'custom', test: app.authentication.test },
      };
    },
  ],
  [
    'turning New Lead into a polling trigger',
    '✖ trigger-type publishing task triggers.new_lead: a hook trigger became a polling trigger',
    () =>
      withNewLead((operation) => {
        for (const hookOnly of [
          'type',
          'performList',
          'performSubscribe',
          'performUnsubscribe',
        ]) {
          delete operation[hookOnly];
        }
      }),
  ],
])(
  'makes %s a publishing task, with the version to use',
  async (_change, line, mutated) => {
    const { code, lines } = await compareWithPromoted(mutated());
    expect(code).toBe(1);
    expect(lines).toContainEqual(expect.stringContaining(line));
    expect(lines.at(-1)).toBe(
      'version Zapier will require: 2.0.0 (a new major): 1.0.0 keeps major 1, so Zapier pauses its promotion.',
    );
  },
);

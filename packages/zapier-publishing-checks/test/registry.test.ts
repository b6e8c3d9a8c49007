/** The registry and the folders agree: every rule module is registered, and every rule has its test and its page; every check has a name of its own. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { RULES } from '../src/registry';
import { pageOf } from '../src/rule';
import { VERSIONING_RULES } from '../src/versioning/rules';

const PACKAGE = join(__dirname, '..');

/** `D004-id-fields…` and `local-json-field-schema` name the rules `D004` and `local:json-field-schema`. */
const idOfModule = (file: string) =>
  file.startsWith('local-')
    ? `local:${file.slice('local-'.length, -'.ts'.length)}`
    : (file.split('-')[0] ?? file);

it('registers every rule module of src/rules, in the order of Zapier IDs then local ones', () => {
  const modules = readdirSync(join(PACKAGE, 'src', 'rules'))
    .filter((file) => file !== 'index.ts')
    .map(idOfModule);
  expect(RULES.map((rule) => rule.meta.id).sort()).toEqual(modules.sort());
  const ids = RULES.map((rule) => rule.meta.id);
  expect(ids.slice(0, 3)).toEqual(['D001', 'D002', 'D003']);
  expect(ids.at(-1)?.startsWith('local:')).toBe(true);
});

it.each(RULES.map((rule) => [rule.meta.id]))(
  '%s has its test file and its page',
  (id) => {
    const file = id.replace(':', '-');
    expect(existsSync(join(PACKAGE, 'test', 'rules', `${file}.test.ts`))).toBe(true);
    expect(existsSync(join(PACKAGE, pageOf(id)))).toBe(true);
  },
);

it('names every check and versioning rule in words of its own: no name is its ID again, no two alike', () => {
  const metas = [...RULES.map((rule) => rule.meta), ...Object.values(VERSIONING_RULES)];
  const repeating = metas.filter(
    (meta) => meta.name === meta.id || meta.name === meta.id.replace(/^local:/, ''),
  );
  expect(repeating.map((meta) => meta.id)).toEqual([]);
  const names = metas.map((meta) => meta.name);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) {
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
  }
});

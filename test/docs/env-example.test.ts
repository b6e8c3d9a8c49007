/**
 * .env.example sets nothing: `cp .env.example .env` and the sandbox's block
 * pasted anywhere in it give the block's values to `zapier-platform invoke`,
 * which reads .env with dotenv (the last of two lines setting a name counts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { envBlock } from '../../sandbox/main';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8');

/** The parser `zapier-platform invoke` reads .env with: the CLI's own dotenv. */
const requireFromCli = createRequire(require.resolve('zapier-platform-cli/package.json'));
const { parse } = requireFromCli('dotenv') as {
  parse: (text: string) => Record<string, string>;
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ listen: false });
});
afterAll(async () => {
  await sandbox.close();
});

it('sets no name itself: every setting is a comment', () => {
  expect(parse(EXAMPLE)).toEqual({});
});

it.each([
  ['above', (block: string) => `${block}\n${EXAMPLE}`],
  ['below', (block: string) => `${EXAMPLE}\n${block}`],
])('gives invoke the sandbox block pasted %s the example', (_where, paste) => {
  const block = envBlock(sandbox).join('\n');
  const settings = parse(paste(block));
  expect(settings).toEqual(parse(block));
  expect(settings.CLIENT_ID).toBe(sandbox.client.id);
});

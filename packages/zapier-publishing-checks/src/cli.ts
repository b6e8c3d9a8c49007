#!/usr/bin/env node
/**
 * `npm run validate`: Zapier's schema validation (`zapier-platform validate
 * --without-style`), then every publishing check that can be decided
 * offline, one line per result. Exit 0 when nothing fails (warnings
 * allowed), 1 when a check fails, 2 when the app, a delivery or the CLI
 * cannot be used at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { readListing } from './listing';
import { AppLoadError, loadApp } from './load-app';
import { runStepsOffline } from './local-run';
import { reportLines, summary } from './report';
import { runChecks } from './runner';
import { readSources } from './sources';
import { messageOf } from './messages';
import type { AppDefinition } from './definition';
import { checkVersions } from './versioning';

const USAGE =
  'usage: zapier-publishing-checks [--app-dir DIR] [--listing FILE] [--delivery TRIGGER_KEY=FILE]... [--skip-schema] [--previous DIR_OR_DEFINITION_JSON] [--versions FILE]';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Usage error, unreadable input or a failing CLI: nothing was checked. */
class CannotValidate extends Error {}

/** How to run the Zapier CLI: its script on this Node.js, or a stand-in named by `ZAPIER_PLATFORM_BIN` (tests). */
function zapierCli(): { command: string; args: string[] } {
  const standIn = process.env.ZAPIER_PLATFORM_BIN;
  if (standIn !== undefined && standIn !== '') {
    return { command: standIn, args: [] };
  }
  const packageJson = require.resolve('zapier-platform-cli/package.json');
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    bin: Record<string, string>;
  };
  const script = bin['zapier-platform'];
  if (script === undefined) {
    throw new CannotValidate(`${packageJson} declares no zapier-platform command`);
  }
  return { command: process.execPath, args: [join(dirname(packageJson), script)] };
}

function validateSchema(appDir: string, output: Output): void {
  const command = 'zapier-platform validate --without-style';
  output.out(`==> ${command}`);
  const cli = zapierCli();
  const result = spawnSync(cli.command, [...cli.args, 'validate', '--without-style'], {
    cwd: appDir,
    // The CLI posts usage analytics to Zapier unless told not to.
    env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  for (const line of `${result.stdout ?? ''}${result.stderr ?? ''}`
    .trimEnd()
    .split('\n')) {
    if (line !== '') {
      output.out(line);
    }
  }
  if (result.error !== undefined) {
    throw new CannotValidate(`${command} could not start: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new CannotValidate(
      `${command} failed (exit ${result.status ?? `signal ${result.signal ?? '?'}`}): fix what it reports above`,
    );
  }
}

/** Each `--delivery KEY=FILE`, FILE read from the current directory, as any command's file arguments. */
function readDeliveries(specs: string[]): Map<string, unknown> {
  const deliveries = new Map<string, unknown>();
  for (const spec of specs) {
    const [key, file] = spec.split(/=(.*)/s);
    if (!key || !file) {
      throw new CannotValidate(`--delivery ${spec}: write it as TRIGGER_KEY=FILE`);
    }
    const path = resolve(file);
    try {
      deliveries.set(key, JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      const reason = messageOf(error);
      throw new CannotValidate(
        `cannot read the delivery for ${key} from ${path}: ${reason}`,
      );
    }
  }
  return deliveries;
}

async function inFolder<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return await work();
  } finally {
    process.chdir(before);
  }
}

export async function main(
  argv: string[],
  output: Output = processOutput,
): Promise<number> {
  try {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          'app-dir': { type: 'string', default: '.' },
          listing: { type: 'string' },
          delivery: { type: 'string', multiple: true, default: [] },
          'skip-schema': { type: 'boolean', default: false },
          // Versioning (src/versioning/): the previous public version, the versions pushed.
          previous: { type: 'string' },
          versions: { type: 'string' },
        },
      }));
    } catch (error) {
      throw new CannotValidate(`${messageOf(error)}\n${USAGE}`);
    }
    const appDir = resolve(values['app-dir']);
    if (!existsSync(appDir)) {
      throw new CannotValidate(
        `${appDir} does not exist: give --app-dir the app's folder`,
      );
    }
    const deliveries = readDeliveries(values.delivery);
    const listingPath =
      values.listing === undefined
        ? join(appDir, 'listing.json')
        : resolve(values.listing);
    // The app runs where Zapier runs it, in its own folder: some read files
    // relative to the working directory.
    let appDefinition: AppDefinition = {};
    const results = await inFolder(appDir, async () => {
      const { handler, definition } = await loadApp(appDir);
      appDefinition = definition;
      if (!values['skip-schema']) {
        validateSchema(appDir, output);
      }
      output.out(
        '==> publishing checks (https://docs.zapier.com/platform/publish/integration-checks-reference)',
      );
      const runs = await runStepsOffline(handler, definition, deliveries);
      return runChecks({
        definition,
        listing: readListing(listingPath),
        runs,
        sources: readSources(appDir),
      });
    });
    reportLines(results).forEach((line) => output.out(line));
    output.out(summary(results));
    const checksCode = results.some((result) => result.status === 'failure') ? 1 : 0;
    // Versioning: this version against the previous one and the versions pushed.
    const { previous, versions } = values;
    if (previous === undefined && versions === undefined) {
      return checksCode;
    }
    return Math.max(
      checksCode,
      await checkVersions(appDefinition, { previous, versions }, output),
    );
  } catch (error) {
    if (error instanceof CannotValidate || error instanceof AppLoadError) {
      output.err(`zapier-publishing-checks: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `zapier-publishing-checks: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}

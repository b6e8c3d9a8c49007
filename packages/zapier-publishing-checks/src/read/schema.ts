/**
 * Zapier's schema validation, as `zapier-platform validate --without-style`
 * runs it: core's `validate` command, which checks the compiled definition
 * with the `zapier-platform-schema` that the app's own core brings. No
 * Zapier CLI is needed; the CLI does exactly this through the same handler.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { isRecord } from '../shared/definition';
import { messageOf } from '../shared/messages';
import type { LambdaHandler } from './lambda-handler';
import { AppLoadError } from './load-app';

export interface SchemaError {
  /** Where in the definition, as the CLI prints it (`App.triggers.new_lead.display.label`). */
  property: string;
  message: string;
  links: string[];
}

export interface SchemaValidation {
  /** The version of the app's `zapier-platform-schema`, e.g. `19.1.0`. */
  schemaVersion: string;
  errors: SchemaError[];
}

/** The version of the `zapier-platform-schema` the app's core (at `corePath`) requires. */
export function schemaVersionFor(corePath: string): string {
  let manifest: string;
  try {
    manifest = createRequire(corePath).resolve('zapier-platform-schema/package.json');
  } catch (error) {
    throw new AppLoadError(
      `the app's zapier-platform-core (${corePath}) has no zapier-platform-schema next to it (${messageOf(error)}): reinstall the app's dependencies`,
    );
  }
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  return isRecord(parsed) && typeof parsed.version === 'string'
    ? parsed.version
    : 'of unknown version';
}

const textOf = (value: unknown, otherwise: string) =>
  typeof value === 'string' ? value : otherwise;

function asSchemaError(raw: unknown): SchemaError {
  const record = isRecord(raw) ? raw : {};
  const links = record.docLinks;
  return {
    property: textOf(record.property, 'instance').replace(/^instance/, 'App'),
    message: textOf(record.message, JSON.stringify(raw)),
    links: Array.isArray(links) ? links.map(String) : [],
  };
}

export async function validateSchema(
  handler: LambdaHandler,
  corePath: string,
): Promise<SchemaValidation> {
  const schemaVersion = schemaVersionFor(corePath);
  let results: unknown;
  try {
    ({ results } = await handler({ command: 'validate' }));
  } catch (error) {
    throw new AppLoadError(
      `zapier-platform-core cannot validate the app's definition: ${messageOf(error)}`,
    );
  }
  if (!Array.isArray(results)) {
    throw new AppLoadError(
      `zapier-platform-core's validate command returned ${JSON.stringify(results)}, not a list of errors`,
    );
  }
  return { schemaVersion, errors: results.map(asSchemaError) };
}

/**
 * The previous public version's definition: an app folder, loaded as
 * `--app-dir` is (in its own folder), or the `definition.json` that `zapier-platform build`
 * writes into build.zip (core's `definition` command, as JSON).
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

import type { AppDefinition } from '../shared/definition';
import { isRecord } from '../shared/definition';
import { CannotCheckError, messageOf } from '../shared/messages';
import { inFolder, loadApp } from './load-app';

/** The previous version cannot be read; the message says why and what to give instead. */
export class VersionInputError extends CannotCheckError {
  override name = 'VersionInputError';
}

function readDefinitionFile(path: string): AppDefinition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new VersionInputError(
      `cannot read the previous definition ${path}: ${messageOf(error)}`,
    );
  }
  if (!isRecord(parsed) || typeof parsed.version !== 'string') {
    throw new VersionInputError(
      `${path} is no app definition (no "version"): give --previous the definition.json that zapier-platform build writes into build.zip, or the previous version's app folder`,
    );
  }
  return parsed;
}

/** `location`: a folder (an app) or a file (its definition.json), from the current directory. */
export async function readPreviousDefinition(location: string): Promise<AppDefinition> {
  const path = resolve(location);
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new VersionInputError(
      `${path} does not exist: give --previous the previous version's app folder or its definition.json`,
    );
  }
  if (!isFolder) {
    return readDefinitionFile(path);
  }
  return (await inFolder(path, () => loadApp(path))).definition;
}

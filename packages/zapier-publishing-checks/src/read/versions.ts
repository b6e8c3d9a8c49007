/**
 * The versions already pushed, from a file: as `zapier-platform versions
 * --all --format json` prints them (`[{ "Version": … }]`), its `raw` rows
 * (`version`), a JSON list of strings, or one version per line.
 */
import { readFileSync } from 'node:fs';

import { isRecord } from '../shared/definition';
import { messageOf } from '../shared/messages';
import type { Version } from '../shared/semver';
import { parseVersion } from '../shared/semver';
import { VersionInputError } from './previous';

function versionTextsOf(text: string): string[] {
  if (!/^\s*[[{]/.test(text)) {
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new VersionInputError(`the versions file is no JSON: ${messageOf(error)}`);
  }
  const rows =
    isRecord(parsed) && Array.isArray(parsed.versions) ? parsed.versions : parsed;
  if (!Array.isArray(rows)) {
    throw new VersionInputError(
      'the versions file is JSON but no list: give what zapier-platform versions --all --format json prints, or one version per line',
    );
  }
  return (rows as unknown[]).map((row) => {
    const value: unknown = isRecord(row) ? (row.Version ?? row.version) : row;
    if (typeof value !== 'string') {
      throw new VersionInputError(
        `the versions file has an entry without a version: ${JSON.stringify(row)}`,
      );
    }
    return value;
  });
}

/** The versions already pushed, read from `text`; `source` names the file in errors. */
export function parseVersionList(text: string, source: string): Version[] {
  return versionTextsOf(text).map((entry) => {
    const version = parseVersion(entry);
    if (version === undefined) {
      throw new VersionInputError(
        `${source}: "${entry}" is no version (X.Y.Z or X.Y.Z-label)`,
      );
    }
    return version;
  });
}

/** The versions file at `path` (absolute), read and parsed. */
export function readVersionList(path: string): Version[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new VersionInputError(
      `cannot read the versions file ${path}: ${messageOf(error)}`,
    );
  }
  return parseVersionList(text, path);
}

/**
 * The app's `.env` as `zapier-platform invoke` reads and writes it
 * (zapier-platform-cli's `invoke/env.js`): dotenv's parsing, the last of a
 * name set twice counting; each `authData_<field>` a field of the
 * connection, a value that starts with `{` or `[` parsed as JSON; new
 * credentials appended as `authData_<field>='<value>'` lines, so the last
 * line of each name is the newest.
 */
import { appendFileSync, readFileSync } from 'node:fs';

import { parse } from 'dotenv';

import { CannotCheckError, messageOf } from '../shared/messages';

export const AUTH_FIELD_ENV_PREFIX = 'authData_';

export interface EnvFile {
  /** Absolute. */
  path: string;
  /** Every name the file sets (the last line of a name counts). */
  variables: Record<string, string>;
  /** The connection: each `authData_<field>`, by field. */
  authData: Record<string, unknown>;
}

/** A value as `invoke` reads it: JSON when it looks like an object or a list, else the text. */
function authValue(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[')) {
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function authDataOf(
  variables: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(variables)
      .filter(([name]) => name.startsWith(AUTH_FIELD_ENV_PREFIX))
      .map(([name, value]) => [
        name.slice(AUTH_FIELD_ENV_PREFIX.length),
        authValue(value),
      ]),
  );
}

/** Reads `path`; a file that cannot be read stops the run, naming it. */
export function readEnvFile(path: string, option: string): EnvFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CannotCheckError(
      `${option}: cannot read ${path} (${messageOf(error)}): make the connection with zapier-platform invoke auth start in the app's folder, or give the file with --env FILE`,
    );
  }
  const variables = parse(text);
  return { path, variables, authData: authDataOf(variables) };
}

/** One `.env` line as `invoke` writes it: objects as JSON, an empty value (`v || ''`) as nothing. */
function envLine(name: string, value: unknown): string {
  let text = '';
  if (typeof value === 'object' && value !== null) {
    text = JSON.stringify(value);
  } else if (
    (typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean') &&
    value
  ) {
    text = String(value);
  }
  return `${AUTH_FIELD_ENV_PREFIX}${name}='${text}'\n`;
}

/**
 * Appends `authData` to the file as `invoke auth refresh` does (a newline
 * first when the file does not end with one); returns the names written.
 */
export function appendAuthData(
  path: string,
  authData: Readonly<Record<string, unknown>>,
): string[] {
  const written = Object.entries(authData).filter(([, value]) => value !== undefined);
  let text = written.map(([name, value]) => envLine(name, value)).join('');
  const before = readFileSync(path, 'utf8');
  if (before.length > 0 && !before.endsWith('\n')) {
    text = `\n${text}`;
  }
  appendFileSync(path, text);
  return written.map(([name]) => `${AUTH_FIELD_ENV_PREFIX}${name}`);
}

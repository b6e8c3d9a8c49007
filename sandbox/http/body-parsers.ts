/**
 * The only two body types the sandbox reads, parsed without trusting their
 * keys: no object is built on an ordinary prototype from a user's key, the
 * keys `__proto__`, `constructor` and `prototype` are refused at any depth,
 * and bodies nest at most MAX_BODY_DEPTH levels.
 */
import { parse as parseQueryString } from 'node:querystring';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from './http-error';

const MAX_BODY_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** More form fields than this are refused rather than silently dropped. */
const MAX_FORM_FIELDS = 1000;

/** Walks a parsed body without recursion, so no depth can overflow the stack. */
function checkUntrustedKeys(body: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) {
      continue;
    }
    if (depth >= MAX_BODY_DEPTH) {
      throw new HttpError(400, `The body nests deeper than ${MAX_BODY_DEPTH} levels`);
    }
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) {
        throw new HttpError(400, `The body uses the key ${key}, which is refused`);
      }
      stack.push({ value: child, depth: depth + 1 });
    }
  }
}

/**
 * Form fields are flat: `company=Acme`, never `fields[company]=Acme` (send
 * nested fields as JSON). Repeated names give a list. The result has no prototype.
 */
function parseForm(body: string): Record<string, string | string[]> {
  const fields = parseQueryString(body, '&', '=', { maxKeys: MAX_FORM_FIELDS + 1 });
  const names = Object.keys(fields);
  if (names.length > MAX_FORM_FIELDS) {
    throw new HttpError(400, `A form may have at most ${MAX_FORM_FIELDS} fields`);
  }
  const nested = names.find((name) => name.includes('[') || name.includes(']'));
  if (nested !== undefined) {
    throw new HttpError(
      400,
      `Form field names cannot contain [ or ] (${JSON.stringify(nested.slice(0, 64))}): send nested fields as JSON`,
    );
  }
  checkUntrustedKeys(fields);
  return fields as Record<string, string | string[]>;
}

/**
 * JSON.parse makes `__proto__` an own key, never a prototype; the walk then
 * refuses it. An empty body is no body (a DELETE sent with a Content-Type).
 */
function parseJson(body: string): unknown {
  if (body.trim() === '') {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
  checkUntrustedKeys(value);
  return value;
}

/** Replaces Fastify's parsers: JSON and forms only, anything else is a 415 (answered 400). */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  for (const [type, parse] of [
    ['application/json', parseJson],
    ['application/x-www-form-urlencoded', parseForm],
  ] as const) {
    // Fastify answers what the parser throws (an HttpError) through the error handler.
    app.addContentTypeParser(
      type,
      { parseAs: 'string' },
      async (_request: FastifyRequest, body: string) => parse(body),
    );
  }
}

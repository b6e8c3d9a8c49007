/**
 * Reading the service's answers: core has already parsed a JSON body into
 * `response.data`; anything else (an HTML page, plain text, nothing) becomes
 * an error that says what came instead.
 */
import type { HttpResponse } from 'zapier-platform-core';

import { unreadableAnswer } from './errors';
import { isJsonObject } from './json';
import type { JsonObject } from './json';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The JSON body of a successful response (core parses a form answer too: that is not JSON). */
export function readJson(response: HttpResponse, action: string): unknown {
  const parsed: unknown = response.data;
  if (parsed !== undefined && response.getHeader('content-type') !== FORM_TYPE) {
    return parsed;
  }
  try {
    return JSON.parse(response.content) as unknown;
  } catch {
    throw unreadableAnswer(response, action);
  }
}

export function readJsonObject(response: HttpResponse, action: string): JsonObject {
  const parsed = readJson(response, action);
  if (!isJsonObject(parsed)) {
    throw unreadableAnswer(response, action);
  }
  return parsed;
}

/** A non-empty identifier: the service's ids are strings, a number is accepted and kept as text. */
export function readIdentifier(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') {
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  return undefined;
}

/**
 * Zapier's cache (`z.cache`), typed for what the app uses. Core's types leave
 * out the scope of a read (`get(key)`), though core sends it
 * (zapier-platform-core/src/tools/create-cache.js): a value written for one
 * connected account must be read back with the same scope.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';

import { CacheCalls } from './cache-calls';
import type { CacheTiming } from './cache-calls';
import { redact } from './errors';

/**
 * `null`: the whole app sees the key. `['auth']`: only runs of the same
 * connected account see it.
 */
export type CacheScope = ['auth'] | null;

/** The connected account's own part of the cache. */
export const CONNECTION_SCOPE: CacheScope = ['auth'];

type ScopedGet = (key: string, scope: CacheScope) => Promise<unknown>;

/** What `readCache` answers for a key holding text that is not JSON (not written by this app). */
export const UNREADABLE = Symbol('a cached value that is not JSON');

/**
 * The value stored under `key` (core parses the JSON it was stored as), `null`
 * when there is none, or `UNREADABLE`. Core's parse error quotes the value: it
 * is never passed on, so a cached lead cannot reach a log line.
 */
export async function readCache(
  z: ZObject,
  key: string,
  scope: CacheScope,
): Promise<unknown> {
  try {
    return await (z.cache.get as ScopedGet)(key, scope);
  } catch (error) {
    if (error instanceof SyntaxError) {
      return UNREADABLE;
    }
    throw error;
  }
}

/** How a value is written: always, or only where the key is absent (set-if-absent). */
export type WriteMode = 'always' | 'if-absent';

/**
 * Stores `value` for `ttlSeconds`; core's answer. `true` only when this call
 * stored it; with `if-absent`, `false` or `null` (Redis' answer to SET NX on
 * an existing key) when the key was there.
 */
export function writeCache(
  z: ZObject,
  key: string,
  value: unknown,
  ttlSeconds: number,
  scope: CacheScope,
  mode: WriteMode = 'always',
): Promise<unknown> {
  const nx = mode === 'if-absent' ? true : undefined;
  return z.cache.set(key, value, ttlSeconds, scope ?? undefined, nx);
}

/** A cache failure's message for a log line: cut short, the connection's secrets redacted. */
export function cacheFailure(error: unknown, bundle: Bundle): string {
  const message = error instanceof Error ? error.message : String(error);
  return redact(message, bundle).slice(0, 200);
}

/** The calls to the cache of a run that starts now, its failures worded for `bundle`. */
export function cacheCallsOf(bundle: Bundle, timing: CacheTiming): CacheCalls {
  return new CacheCalls(timing, (error) => cacheFailure(error, bundle));
}

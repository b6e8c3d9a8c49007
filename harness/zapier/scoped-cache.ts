/**
 * The store behind the runtime stand-in's `z.cache`: what Zapier's cache does
 * with `zcache_get`, `zcache_set` (expiry, set-if-absent) and `zcache_delete`,
 * each key in the space its scope names: the app's, the connection's
 * (`['auth']`) or the user's (`['user']`).
 */

/** The connected account a run acts for: what `scope: ['auth']` and `['user']` partition by. */
export interface Connection {
  id: string;
  user: string;
}

interface Entry {
  value: unknown;
  expiresAt: number | null;
}

export class RpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where a scoped key lives: the app's space, or the connection's or user's own. */
function storageKey(key: unknown, scope: unknown, connection: Connection): string {
  if (typeof key !== 'string') {
    throw new RpcError(400, 'key must be a string');
  }
  if (scope === null || scope === undefined) {
    return `app\u0000${key}`;
  }
  if (
    !Array.isArray(scope) ||
    !scope.every((part) => part === 'auth' || part === 'user')
  ) {
    throw new RpcError(400, 'scope must be null or a list of "auth" and "user"');
  }
  const parts = [...new Set(scope as string[])]
    .sort()
    .map((part) =>
      part === 'auth' ? `auth=${connection.id}` : `user=${connection.user}`,
    );
  return `${parts.join('&')}\u0000${key}`;
}

export class ScopedCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly existingKeyAnswer: null | false,
    private readonly storedAnswer: unknown,
  ) {}

  call(method: string, params: unknown[], connection: Connection): unknown {
    switch (method) {
      case 'zcache_get': {
        const [key, scope] = params;
        return this.live(storageKey(key, scope, connection))?.value ?? null;
      }
      case 'zcache_set': {
        const [key, value, ttl, scope, nx] = params;
        const where = storageKey(key, scope, connection);
        if (nx === true && this.live(where) !== undefined) {
          return this.existingKeyAnswer;
        }
        this.entries.set(where, {
          value,
          expiresAt: typeof ttl === 'number' ? this.now() + ttl * 1000 : null,
        });
        return this.storedAnswer;
      }
      case 'zcache_delete': {
        const [key, scope] = params;
        const where = storageKey(key, scope, connection);
        return this.live(where) !== undefined && this.entries.delete(where);
      }
      default:
        throw new RpcError(400, `unknown method ${method}`);
    }
  }

  private live(where: string): Entry | undefined {
    const entry = this.entries.get(where);
    const expiresAt = entry?.expiresAt ?? null;
    if (expiresAt !== null && expiresAt <= this.now()) {
      this.entries.delete(where);
      return undefined;
    }
    return entry;
  }
}

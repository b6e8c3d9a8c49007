/** Ids and secrets the sandbox hands out: a readable prefix and random bytes, base64url. */
import { randomBytes } from 'node:crypto';

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

/** How the transcript names what must stay secret. */
import { createHash } from 'node:crypto';

/** A short, non-reversible name for a token: tokens themselves are never printed. */
export function fingerprint(token: string): string {
  return `#${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}

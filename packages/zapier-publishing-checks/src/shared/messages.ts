/** What a person reads of a thrown value, from any realm (an app's core, jest's module loader). */

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}

/** A message without the "What happened: …" details core appends, on one line. */
export function withoutCoreDetails(message: string): string {
  return (message.split(/\n\s*What happened:/)[0] ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * Nothing was checked: a wrong option, a file that cannot be read, an app
 * that cannot be loaded. The message names what, and what to do instead.
 */
export class CannotCheckError extends Error {
  override name = 'CannotCheckError';
}

/** What a person reads of a thrown value, from any realm (an app's core, jest's module loader). */

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}

/** The `code` of anything thrown (`MODULE_NOT_FOUND`, `ECONNREFUSED`), when it has one. */
export function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
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

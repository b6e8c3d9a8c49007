/** The message of an error from any realm (node:sqlite's are not this realm's Error). */
export function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}

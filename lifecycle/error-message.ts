/**
 * What a person reads of an error thrown by the app. Core's `z.errors.Error`
 * carries a JSON envelope `{message, code, status}` as its message; core's
 * request middleware appends "What happened: …" details to other errors.
 * Shared by `npm start` and the tests.
 */

/** The envelope of core's `z.errors.Error`. */
export interface ErrorEnvelope {
  message: string;
  code?: string;
  status?: number;
}

function messageOf(error: unknown): string {
  // Duck-typed: errors may come from another realm (jest's module loader).
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}

/** The envelope an error carries, or `undefined` for a plain error. */
export function errorEnvelope(error: unknown): ErrorEnvelope | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(messageOf(error));
  } catch {
    return undefined;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('message' in parsed) ||
    typeof parsed.message !== 'string'
  ) {
    return undefined;
  }
  return parsed as ErrorEnvelope;
}

/** The message Zapier would show: the envelope's, or the plain one without core's details. */
export function shownMessage(error: unknown): string {
  return (
    errorEnvelope(error)?.message ?? messageOf(error).split('\nWhat happened:')[0]!.trim()
  );
}

/**
 * What a person reads of an error. Core's `z.errors.Error` carries a JSON
 * envelope `{message, code, status}` as its message; core appends
 * "What happened: …" details to other errors. The one place the tools
 * (`npm start`, the sandbox's command, the benches) and the tests turn an
 * unknown thrown value into words.
 */
import { messageOf } from '../sandbox/message-of';

export { messageOf };

/** The envelope of core's `z.errors.Error`. */
export interface ErrorEnvelope {
  message: string;
  code?: string;
  status?: number;
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

/** A message without the "What happened: …" details core appends, on one line. */
export function withoutCoreDetails(message: string): string {
  return (message.split(/\n\s*What happened:/)[0] ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/** The message Zapier would show: the envelope's, or the plain one without core's details. */
export function shownMessage(error: unknown): string {
  return errorEnvelope(error)?.message ?? withoutCoreDetails(messageOf(error));
}

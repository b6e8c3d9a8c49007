/**
 * One delivery attempt: a POST bounded in time, whose answer body is
 * discarded unread (a receiver's answer can be of any size).
 */
export interface AttemptResult {
  /** The receiver's status, or null when no answer came. */
  statusCode: number | null;
  /** Why no answer came. */
  error: string | null;
  /** The receiver's `Retry-After`, as sent. */
  retryAfter: string | null;
}

export async function sendAttempt(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await response.body?.cancel().catch(() => undefined);
    return {
      statusCode: response.status,
      error: null,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return {
      statusCode: null,
      error: cause instanceof Error ? cause.message : String(cause),
      retryAfter: null,
    };
  }
}

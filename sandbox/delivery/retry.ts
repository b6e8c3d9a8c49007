/** What an answer means for a delivery, and how long to wait before the next attempt. */
import type { DeliveryOutcome } from '../store';

export interface RetryOptions {
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** Longest wait between two attempts, a receiver's `Retry-After` included. */
  maxDelayMs: number;
}

/** No answer, 429 Too Many Requests and 5xx are worth another attempt. */
function retryable(statusCode: number | null): boolean {
  return statusCode === null || statusCode === 429 || statusCode >= 500;
}

export function outcomeOf(
  statusCode: number | null,
  attempt: number,
  options: RetryOptions,
): DeliveryOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    return 'delivered';
  }
  if (statusCode === 410) {
    return 'gone';
  }
  return retryable(statusCode) && attempt < options.maxAttempts ? 'retrying' : 'failed';
}

/** `Retry-After` (RFC 9110 §10.2.3) in milliseconds from `now`: seconds, or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) {
    return undefined;
  }
  const value = header.trim();
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff, or the receiver's `Retry-After` when longer; never above maxDelayMs. */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | null,
  now: number,
  options: RetryOptions,
): number {
  const backoff = options.baseDelayMs * 2 ** (attempt - 1);
  const asked = retryAfterMs(retryAfter, now) ?? 0;
  return Math.min(Math.max(backoff, asked), options.maxDelayMs);
}

/**
 * One delivery attempt: a POST bounded in time, over connections kept alive
 * per receiver, whose answer body is discarded unread (a receiver's answer
 * can be of any size).
 *
 * An answer that came in time is never taken for a timeout. When the event
 * loop was held up (a slow synchronous step elsewhere), the timer and the
 * answer may both be due at once, and Node runs timers before it reads
 * sockets: the time limit therefore waits one more turn for what is already
 * there (`setImmediate` runs after the sockets are read) before it gives up.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface AttemptResult {
  /** The receiver's status, or null when no answer came. */
  statusCode: number | null;
  /** Why no answer came. */
  error: string | null;
  /** The receiver's `Retry-After`, as sent. */
  retryAfter: string | null;
}

/**
 * An answer body longer than this is not read to its end: the connection is
 * closed instead of kept for the next attempt.
 */
const LONGEST_BODY_DRAINED = 64 * 1024;

/** Connections stay open between attempts, so a burst of leads does not open one each. */
const AGENT_OPTIONS = { keepAlive: true, keepAliveMsecs: 1_000, maxFreeSockets: 32 };
const httpAgent = new HttpAgent(AGENT_OPTIONS);
const httpsAgent = new HttpsAgent(AGENT_OPTIONS);

function noAnswer(error: string): AttemptResult {
  return { statusCode: null, error, retryAfter: null };
}

function answerOf(response: IncomingMessage): AttemptResult {
  const retryAfter = response.headers['retry-after'];
  return {
    statusCode: response.statusCode ?? null,
    error: null,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
  };
}

export function sendAttempt(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptResult> {
  const target = new URL(url);
  const isHttps = target.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    // One options object, not (url, options): zapier-platform-core, when it
    // runs in the same process (npm start), wraps http.request with a
    // function that reads only its first argument.
    const request = (isHttps ? httpsRequest : httpRequest)(
      {
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        agent: isHttps ? httpsAgent : httpAgent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        settle(answerOf(response));
        // The status is what counts. A short body is drained unread, so the
        // connection serves the next attempt; a long one is cut off.
        let drained = 0;
        response.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > LONGEST_BODY_DRAINED) {
            response.destroy();
          }
        });
        response.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (!settled) {
          settle(noAnswer(`no answer within the ${timeoutMs} ms timeout`));
          request.destroy();
        }
      });
    }, timeoutMs);
    request.on('error', (error) => settle(noAnswer(error.message)));
    request.end(body);
  });
}

/**
 * One delivery attempt: a POST bounded in time, over connections kept alive
 * per receiver, whose answer body is discarded unread (a receiver's answer
 * can be of any size).
 *
 * A kept-alive connection can be closed by the receiver (its idle timeout)
 * just as a request goes out on it: the request then fails before the
 * receiver read it (Node's `request.reusedSocket` with `ECONNRESET`). That
 * is no failed attempt: the request is sent again at once on a new
 * connection, as Node's documentation recommends, and only what that one
 * meets counts.
 *
 * An answer that came in time is never taken for a timeout. When the event
 * loop was held up (a slow synchronous step elsewhere), the timer and the
 * answer may both be due at once, and Node runs timers before it reads
 * sockets: the time limit therefore waits one more turn for what is already
 * there (`setImmediate` runs after the sockets are read) before it gives up.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface AttemptResult {
  /** The receiver's status, or null when no answer came. */
  statusCode: number | null;
  /** Why no answer came, in words, with Node's own message. */
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

/** What each network error means, for the attempt's record. */
const NETWORK_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused: nothing listens at that address',
  ECONNRESET: 'the receiver closed or reset the connection before answering',
  EPIPE: 'the receiver closed the connection while the request was sent',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ENOTFOUND: 'the host name is not known (DNS)',
  EAI_AGAIN: 'the host name could not be looked up (DNS) for now',
};

/** A request that failed this way on a kept-alive connection never reached the receiver. */
const CLOSED_AS_SENT = ['ECONNRESET', 'EPIPE'];

/** Why a request got no answer: what the error means, then Node's message. */
function whyNoAnswer(error: NodeJS.ErrnoException): string {
  const meaning = error.code === undefined ? undefined : NETWORK_ERRORS[error.code];
  return meaning === undefined ? error.message : `${meaning} (${error.message})`;
}

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

/** The status is what counts. A short body is drained unread, so the connection serves the next attempt; a long one is cut off. */
function discardBody(response: IncomingMessage): void {
  let drained = 0;
  response.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LONGEST_BODY_DRAINED) {
      response.destroy();
    }
  });
  response.on('error', () => undefined);
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
    /** Node's message for the kept-alive connection closed as the request went out, once sent again. */
    let closedAsSent: string | undefined;
    const settle = (result: AttemptResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    const failed = (error: NodeJS.ErrnoException) => {
      const why = whyNoAnswer(error);
      settle(
        noAnswer(
          closedAsSent === undefined
            ? why
            : `sent again on a new connection, the kept-alive one having been closed as the request went out (${closedAsSent}): ${why}`,
        ),
      );
    };
    /** `fresh`: on a connection of its own, not one kept alive. */
    const send = (fresh: boolean): ClientRequest => {
      let answered = false;
      // One options object, not (url, options): zapier-platform-core, when it
      // runs in the same process (npm start), wraps http.request with a
      // function that reads only its first argument.
      const sent = (isHttps ? httpsRequest : httpRequest)(
        {
          protocol: target.protocol,
          hostname: target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          agent: fresh ? false : isHttps ? httpsAgent : httpAgent,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (response) => {
          answered = true;
          settle(answerOf(response));
          discardBody(response);
        },
      );
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) {
          return;
        }
        const resend =
          !fresh &&
          !answered &&
          sent.reusedSocket &&
          CLOSED_AS_SENT.includes(error.code ?? '');
        if (resend) {
          closedAsSent = error.message;
          request = send(true);
        } else {
          failed(error);
        }
      });
      sent.end(body);
      return sent;
    };
    let request = send(false);
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (!settled) {
          settle(noAnswer(`no answer within the ${timeoutMs} ms timeout`));
          request.destroy();
        }
      });
    }, timeoutMs);
  });
}

/**
 * The one hook receiver: a local server standing in for Zapier's hook URL.
 * It records every request, and answers as its `answer` says: a status to
 * answer with a small JSON body (200 by default, like Zapier), or nothing
 * when `answer` wrote the answer itself (odd headers, a slow or broken body).
 * With `closesKeptAlive`, it closes each kept-alive connection just as the
 * next request arrives on it, as a server whose idle timeout fires at that
 * moment: the request is reset unread, and not recorded.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import { eventually } from './eventually';
import { listenOnLoopback, readBody } from './loopback';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered it with (as far as it got to answer). */
  answeredWith: number;
}

/**
 * How the receiver answers its n-th request (1-based): a number is the status
 * to send; anything else means the function wrote to `response` itself.
 */
export type Answer = (
  n: number,
  response: ServerResponse,
  request: IncomingMessage,
) => unknown;

export interface HookReceiver {
  /** The hook URL to subscribe with. */
  url: string;
  /** Every request received, in order. */
  received: ReceivedRequest[];
  /** The sandbox's delivery id (`X-Sandbox-Delivery`) of each request, in order. */
  readonly deliveries: string[];
  /** Each request's body, parsed as JSON. */
  readonly bodies: unknown[];
  /** Requests reset unread on a kept-alive connection (`closesKeptAlive`). */
  readonly resets: number;
  /** The next request not yet taken, waiting up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

export interface HookReceiverOptions {
  /** Closes a kept-alive connection as the next request arrives on it (a reset, unread). */
  closesKeptAlive?: boolean;
}

export async function startHookReceiver(
  answer: Answer = () => 200,
  { closesKeptAlive = false }: HookReceiverOptions = {},
): Promise<HookReceiver> {
  const received: ReceivedRequest[] = [];
  const requestsOn = new WeakMap<Socket, number>();
  let taken = 0;
  let resets = 0;

  const server = createServer((request, response) => {
    const before = requestsOn.get(request.socket) ?? 0;
    requestsOn.set(request.socket, before + 1);
    if (closesKeptAlive && before > 0) {
      resets += 1;
      request.socket.resetAndDestroy();
      return;
    }
    void readBody(request).then((body) => {
      const entry: ReceivedRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body,
        answeredWith: 0,
      };
      received.push(entry);
      const status = answer(received.length, response, request);
      if (typeof status === 'number') {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ status: status < 400 ? 'success' : 'error' }));
      }
      entry.answeredWith = response.statusCode;
    });
  });
  const listening = await listenOnLoopback(server);

  return {
    url: `${listening.origin}/hooks/standard/${randomBytes(6).toString('hex')}/`,
    received,
    get deliveries() {
      return received.map((request) => String(request.headers['x-sandbox-delivery']));
    },
    get bodies() {
      return received.map((request) => JSON.parse(request.body) as unknown);
    },
    get resets() {
      return resets;
    },
    async next(timeoutMs = 10_000) {
      const request = await eventually(() => received[taken], {
        timeoutMs,
        what: 'a delivery to reach the hook receiver',
      });
      taken += 1;
      return request;
    },
    close: listening.close,
  };
}

/**
 * A local hook receiver standing in for Zapier's hook URL: it records every
 * request and answers as told (200 by default, like Zapier).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

import { listenOnLoopback } from './loopback';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered it with. */
  answeredWith: number;
}

export interface Receiver {
  /** The hook URL to subscribe with. */
  url: string;
  received: ReceivedRequest[];
  /** The next request not yet taken, waiting up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

/** Status to answer the n-th request (1-based) with. */
export type Responder = (n: number) => number;

export async function startReceiver(respond: Responder = () => 200): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiting: (() => void)[] = [];
  let taken = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = respond(received.length + 1);
      received.push({
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answeredWith: status,
      });
      response.writeHead(status, {
        'Content-Type': 'application/json',
        Connection: 'close',
      });
      response.end(JSON.stringify({ status: status < 400 ? 'success' : 'error' }));
      waiting.splice(0).forEach((wake) => wake());
    });
  });
  const listening = await listenOnLoopback(server);

  return {
    url: `${listening.origin}/hooks/standard/${randomBytes(6).toString('hex')}/`,
    received,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `no delivery reached the hook receiver within ${timeoutMs / 1000} s`,
          );
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      taken += 1;
      return received[taken - 1]!;
    },
    close: listening.close,
  };
}

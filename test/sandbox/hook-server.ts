/** A webhook receiver whose answers a test writes itself (headers, bodies, delays). */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { listenOnLoopback } from '../../lifecycle/loopback';

export interface HookServer {
  url: string;
  /** Delivery ids (X-Sandbox-Delivery) of the requests received, in order. */
  deliveries: string[];
  /** Their bodies, parsed as JSON. */
  bodies: unknown[];
  close(): Promise<void>;
}

export type Answer = (
  n: number,
  response: ServerResponse,
  request: IncomingMessage,
) => void;

export async function hookServer(answer: Answer): Promise<HookServer> {
  const deliveries: string[] = [];
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push(String(request.headers['x-sandbox-delivery']));
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      answer(deliveries.length, response, request);
    });
  });
  const listening = await listenOnLoopback(server);
  return { url: `${listening.origin}/hook`, deliveries, bodies, close: listening.close };
}

/** Polls `check` every 20 ms until it holds, for at most `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`not within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

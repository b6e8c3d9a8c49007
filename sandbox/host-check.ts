/**
 * The sandbox answers only requests addressed to the machine it listens on:
 * a web page that rebinds its own domain name to 127.0.0.1 (DNS rebinding)
 * sends its own Host, and is refused before any route reads or changes state.
 */
import type { onRequestAsyncHookHandler } from 'fastify';

import { HttpError } from './errors';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The host name of a Host header, without its port; lowercase. */
function hostNameOf(host: string): string {
  return host.trim().toLowerCase().replace(/:\d*$/, '');
}

export function requireOwnHost(listeningHost: string): onRequestAsyncHookHandler {
  const allowed = new Set([...LOOPBACK_NAMES, listeningHost.toLowerCase()]);
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify turns a rejection into the error answer
  return async function checkHost(request) {
    if (!allowed.has(hostNameOf(request.headers.host ?? ''))) {
      throw new HttpError(
        421,
        `The sandbox answers only requests addressed to ${[...allowed].join(', ')}`,
      );
    }
  };
}

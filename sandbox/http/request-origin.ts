/**
 * Who may ask. Only requests addressed to the machine the sandbox listens
 * on: a web page that rebinds its own domain name to 127.0.0.1 (DNS
 * rebinding) sends its own Host. And writes (POST, DELETE, …) only from the
 * sandbox's own pages or from no page at all (Zapier, tools, tests): a page
 * of another site cannot submit leads or consents through the browser.
 * Both are refused before any route reads or changes state.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { HttpError } from './http-error';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of a Host header, without its port; lowercase. */
function hostNameOf(host: string): string {
  return host.trim().toLowerCase().replace(/:\d*$/, '');
}

/** Whether a browser says the request comes from a page of another origin. */
function comesFromAnotherSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return true; // "null" (a sandboxed frame, a file) or worse
    }
    return host !== (request.headers.host ?? '').trim().toLowerCase();
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export function checkRequestOrigin(listeningHost: string): onRequestAsyncHookHandler {
  const allowed = new Set([...LOOPBACK_NAMES, listeningHost.toLowerCase()]);
  return async function checkOrigin(request) {
    if (!allowed.has(hostNameOf(request.headers.host ?? ''))) {
      throw new HttpError(
        421,
        `The sandbox answers only requests addressed to ${[...allowed].join(', ')}`,
      );
    }
    if (!READS.has(request.method) && comesFromAnotherSite(request)) {
      throw new HttpError(
        403,
        'The sandbox takes no writes from pages of another site: submit from its own pages',
      );
    }
  };
}

/**
 * `fetch` for a sandbox that does not listen: each request goes through
 * Fastify's `inject` (light-my-request), with no socket, and comes back as a
 * `Response`, so the harness's sandbox client works unchanged on it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
/** Statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function payloadOf(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) {
    return undefined;
  }
  if (typeof body === 'string' || body instanceof URLSearchParams) {
    return body.toString();
  }
  throw new Error('an injected request takes a string or URLSearchParams body');
}

export function injectedFetch(server: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init.headers));
    if (init.body instanceof URLSearchParams && headers['content-type'] === undefined) {
      headers['content-type'] = FORM; // as fetch sets it
    }
    const payload = payloadOf(init.body);
    const answer = await server.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) {
        answerHeaders.append(name, String(one));
      }
    }
    const empty = NO_BODY.has(answer.statusCode) || init.method === 'HEAD';
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}

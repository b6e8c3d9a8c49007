/**
 * sandbox/http/route-methods.ts: a method a path is not served with is 405
 * with `Allow` (RFC 9110 §15.5.6), on every route group; a path no route
 * serves is 404.
 */
import { useSandbox } from '../helpers';
import type { TestSandbox } from '../helpers';

const fixture = useSandbox({ listen: false }, { connected: false });
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

/** Every route path the sandbox serves (sandbox/routes.ts), each asked with a method it lacks. */
describe('a method the path is not served with', () => {
  it.each([
    ['PUT', '/api/oauth/token', 'POST'],
    ['POST', '/api/oauth/userinfo', 'GET, HEAD'],
    ['DELETE', '/oauth/authorize', 'GET, HEAD, POST'],
    ['GET', '/api/webhook', 'POST'],
    ['PATCH', '/api/webhook/hook_123', 'DELETE'],
    ['PUT', '/_sandbox', 'GET, HEAD'],
    ['DELETE', '/_sandbox/leads', 'GET, HEAD, POST'],
    ['PUT', '/_sandbox/webhooks', 'GET, HEAD'],
    ['POST', '/_sandbox/deliveries', 'GET, HEAD'],
    ['POST', '/', 'GET, HEAD'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const response = await sandbox.fetch(sandbox.url(`${path}?x=1`), { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({
      error: `${method} is not allowed on ${path}: it takes ${allow}`,
    });
  });
});

describe('a path no route serves', () => {
  it.each([
    ['GET', '/api/webhooks'],
    ['DELETE', '/api/webhook/hook_123/more'],
    ['GET', '/_sandbox/'],
  ])('%s %s is 404', async (method, path) => {
    const response = await sandbox.fetch(sandbox.url(path), { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('allow')).toBeNull();
    expect(await response.json()).toEqual({ error: `No route for ${method} ${path}` });
  });
});

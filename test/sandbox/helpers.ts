/** A sandbox on loopback for the sandbox's tests, with a clock they can move. */
import { REDIRECT_URI } from '../../harness/sandbox-client';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox, SandboxOptions } from '../../sandbox/server';

export interface TestSandbox extends Sandbox {
  /** Moves the sandbox's clock forward. */
  advance(seconds: number): void;
  url(path: string): string;
}

export async function testSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  // Real time, moved forward by advance(): retry delays still pass as they should.
  let offset = 0;
  const sandbox = await startSandbox({ now: () => Date.now() + offset, ...options });
  return Object.assign(sandbox, {
    advance(seconds: number) {
      offset += seconds * 1000;
    },
    url(path: string) {
      return `${sandbox.appUrl}${path}`;
    },
  });
}

/** The redirect's query, from a 302 answer to the test client's redirect URI. */
export function redirectQuery(response: Response): Record<string, string> {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  expect(`${location.origin}${location.pathname}`).toBe(new URL(REDIRECT_URI).href);
  return Object.fromEntries(location.searchParams);
}

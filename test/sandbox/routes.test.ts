/** sandbox/routes.ts: the address the banner prints leads a browser to the lead page. */
import { useSandbox } from './helpers';
import type { TestSandbox } from './helpers';

const fixture = useSandbox({ listen: false }, { connected: false });
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

it.each(['GET', 'HEAD'])('%s / redirects to the lead page, /_sandbox', async (method) => {
  const response = await sandbox.fetch(sandbox.url('/'), { method });
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/_sandbox');
  const page = await sandbox.fetch(sandbox.url('/_sandbox'), { method });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
});

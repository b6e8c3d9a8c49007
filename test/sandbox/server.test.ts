/** sandbox/server.ts: stopping, with a client still sending. */
import { testSandbox } from './helpers';
import { rawConnection } from './helpers';
import { sleep } from '../../harness/eventually';

describe('stopping', () => {
  it('cuts a client still sending after the grace period, instead of waiting for it', async () => {
    const sandbox = await testSandbox({ requestTimeoutMs: 60_000, closeGraceMs: 200 });
    const { socket, closed: cut } = rawConnection(sandbox);
    socket.write(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // One byte every 100 ms keeps the request alive: at most 50 bytes, 5 s.
    const trickle = setInterval(() => socket.write(' '), 100);
    try {
      await sleep(150);
      const startedAt = Date.now();
      await sandbox.close();
      expect(Date.now() - startedAt).toBeLessThan(2000);
      await cut;
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});

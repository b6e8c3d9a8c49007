/** sandbox/server.ts: stopping, with a client still sending. */
import { REAL_IO_TEST_MS, REAL_IO_WAIT, testSandbox } from './helpers';
import { rawConnection } from './helpers';
import { settledWithin, sleep } from '../../harness/eventually';

describe('stopping', () => {
  it(
    'cuts a client still sending after the grace period, instead of waiting for it',
    async () => {
      const sandbox = await testSandbox({ requestTimeoutMs: 600_000, closeGraceMs: 200 });
      const { socket, closed: cut } = rawConnection(sandbox);
      // A body that never arrives whole: only the sandbox can end this request.
      socket.write(
        'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{',
      );
      // One byte every 100 ms keeps the request alive until it is cut.
      const trickle = setInterval(() => socket.write(' '), 100);
      try {
        await sleep(150);
        const stopped = await settledWithin(
          sandbox.close().then(() => 'stopped'),
          REAL_IO_WAIT.timeoutMs,
          'still waiting for the client',
        );
        expect(stopped).toBe('stopped');
        await cut;
      } finally {
        clearInterval(trickle);
        socket.destroy();
      }
    },
    REAL_IO_TEST_MS,
  );
});

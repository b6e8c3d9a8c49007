/**
 * The sandbox of `npm run bench:delivery`, in a worker thread of its own: its
 * event loop is not the receivers' or the submitter's, so a stall in the
 * sandbox shows as latency and is not hidden by, or blamed on, them. It tells
 * the bench where it listens and its client (in memory, never printed), and
 * closes when told.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { startSandbox } from '../sandbox/server';

import type { SandboxAddress } from '../harness/sandbox-client';

interface SandboxWorkerData {
  database: string;
}

async function main(): Promise<void> {
  if (parentPort === null) {
    throw new Error('delivery-sandbox runs as a worker of bench/delivery');
  }
  const port = parentPort;
  const { database } = workerData as SandboxWorkerData;
  const sandbox = await startSandbox({ database });
  // Where the sandbox listens, and its client (kept in memory, never printed).
  const ready: SandboxAddress = {
    appUrl: sandbox.appUrl,
    client: { id: sandbox.client.id, secret: sandbox.client.secret },
  };
  port.postMessage(ready);
  port.once('message', () => {
    void sandbox.close().then(() => port.close());
  });
}

void main();

/**
 * `npm run bench:delivery`: how long the sandbox takes from a lead's
 * submission to its delivery, with its database on disk. 1,000 leads are
 * submitted over HTTP (10 at a time) to a project with 10 webhooks, each to a
 * receiver of its own on 127.0.0.1; the sandbox runs in a worker thread. Each
 * delivery's latency is the time from the start of its lead's submission to
 * the first 2xx its receiver answered. Printed: p50, p95, p99 and the
 * slowest, deliveries that did not arrive, and duplicates (a delivery its
 * receiver answered 2xx more than once). Once with healthy receivers, once
 * with receivers answering 503 to one request in five.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { messageOf } from '../harness/error-message';
import { sleep } from '../harness/eventually';
import { startHookReceiver } from '../harness/hook-receiver';
import type { HookReceiver } from '../harness/hook-receiver';
import { connect, submitLead, subscribeHook } from '../harness/sandbox-client';
import type { SandboxAddress } from '../harness/sandbox-client';

const LEADS = 1_000;
const WEBHOOKS = 10;
const SUBMITTERS = 10;
/** Deliveries that have not arrived after this long are counted as not arrived. */
const DEADLINE_MS = 120_000;

interface Mode {
  name: string;
  /** The status a receiver answers its n-th request (1-based) with. */
  answer: (n: number) => number;
}

const MODES: Mode[] = [
  { name: 'healthy receivers (200)', answer: () => 200 },
  {
    name: 'receivers answering 503 one time in five',
    answer: (n) => (n % 5 === 0 ? 503 : 200),
  },
];

interface Arrival {
  /** When the first 2xx was answered, in performance.now() milliseconds. */
  firstOkAt: number;
  okCount: number;
}

interface Receivers {
  urls: string[];
  arrivals: Map<string, Arrival>;
  requests: () => number;
  close(): Promise<void>;
}

async function startReceivers(mode: Mode): Promise<Receivers> {
  const arrivals = new Map<string, Arrival>();
  const receivers: HookReceiver[] = [];
  for (let index = 0; index < WEBHOOKS; index += 1) {
    receivers.push(
      await startHookReceiver((n, _response, request) => {
        const status = mode.answer(n);
        if (status < 300) {
          const delivery = String(request.headers['x-sandbox-delivery']);
          const arrival = arrivals.get(delivery);
          if (arrival === undefined) {
            arrivals.set(delivery, { firstOkAt: performance.now(), okCount: 1 });
          } else {
            arrival.okCount += 1;
          }
        }
        return status;
      }),
    );
  }
  return {
    urls: receivers.map((receiver) => receiver.url),
    arrivals,
    requests: () =>
      receivers.reduce((sum, receiver) => sum + receiver.received.length, 0),
    close: async () => {
      await Promise.all(receivers.map((receiver) => receiver.close()));
    },
  };
}

function startSandboxWorker(
  database: string,
): Promise<{ ready: SandboxAddress; stop: () => Promise<void> }> {
  const worker = new Worker(join(__dirname, 'delivery-sandbox.js'), {
    workerData: { database },
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (ready: SandboxAddress) => {
      resolve({
        ready,
        stop: () =>
          new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.postMessage('close');
          }),
      });
    });
  });
}

/** Submits every lead, SUBMITTERS at a time; when each delivery's lead was submitted. */
async function submitLeads(sandbox: SandboxAddress): Promise<Map<string, number>> {
  const submittedAt = new Map<string, number>();
  let next = 0;
  const submitter = async () => {
    while (next < LEADS) {
      const index = next;
      next += 1;
      const startedAt = performance.now();
      const { deliveries } = await submitLead(sandbox, {
        email: `lead${index}@example.org`,
        firstName: 'Ada',
      });
      for (const delivery of deliveries) {
        submittedAt.set(delivery, startedAt);
      }
    }
  };
  await Promise.all(Array.from({ length: SUBMITTERS }, submitter));
  return submittedAt;
}

async function allArrived(
  submittedAt: Map<string, number>,
  arrivals: Map<string, Arrival>,
): Promise<void> {
  const deadline = performance.now() + DEADLINE_MS;
  while (performance.now() < deadline) {
    if ([...submittedAt.keys()].every((delivery) => arrivals.has(delivery))) {
      return;
    }
    await sleep(50);
  }
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });

async function run(mode: Mode): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-delivery-'));
  const receivers = await startReceivers(mode);
  const sandbox = await startSandboxWorker(join(folder, 'sandbox.db'));
  try {
    const tokens = await connect(sandbox.ready);
    for (const url of receivers.urls) {
      await subscribeHook(sandbox.ready, tokens, url);
    }
    const started = performance.now();
    const submittedAt = await submitLeads(sandbox.ready);
    await allArrived(submittedAt, receivers.arrivals);
    const wall = (performance.now() - started) / 1000;
    const latencies = [...submittedAt]
      .flatMap(([delivery, at]) => {
        const arrival = receivers.arrivals.get(delivery);
        return arrival === undefined ? [] : [arrival.firstOkAt - at];
      })
      .sort((a, b) => a - b);
    const missing = submittedAt.size - latencies.length;
    const duplicates = [...receivers.arrivals.values()].filter(
      (arrival) => arrival.okCount > 1,
    ).length;
    return (
      `| ${mode.name} | ${submittedAt.size.toLocaleString('en-US')} | ` +
      `${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | ` +
      `${ms(percentile(latencies, 0.99))} | ${ms(latencies.at(-1) ?? Number.NaN)} | ` +
      `${missing} | ${duplicates} | ${receivers.requests().toLocaleString('en-US')} | ` +
      `${wall.toFixed(1)} |`
    );
  } finally {
    await sandbox.stop();
    await receivers.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `Submission to delivery, ${LEADS.toLocaleString('en-US')} leads × ${WEBHOOKS} webhooks, ` +
      `database on disk, Node ${process.version}\n\n` +
      '| receivers | deliveries | p50 (ms) | p95 (ms) | p99 (ms) | slowest (ms) | ' +
      'not arrived | duplicates | requests | wall (s) |\n' +
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  for (const mode of MODES) {
    process.stdout.write(`${await run(mode)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:delivery failed: ${messageOf(error)}\n`);
  process.exit(1);
});

/**
 * `npm run bench` (second part): what New Lead's exactly-once claims cost for
 * a large batch. The built app's `perform` (dist/, built first if out of date) runs through core's Lambda handler, as
 * on Zapier, against the local stand-in of Zapier's cache (loopback, in this
 * process), once on a batch of new leads and once on the same batch sent
 * again. Printed: leads, wall time, cache calls, the most calls in flight,
 * the sockets opened (core's RPC client keeps them alive and reuses them) and
 * the most open at once, and the process's peak memory.
 */
import { join } from 'node:path';

import { ensureAppBuilt } from '../harness/app-build';
import { BuiltApp } from '../harness/zapier/built-app';
import { startZapierRuntime } from '../harness/zapier/runtime';
import type { ZapierRuntime } from '../harness/zapier/runtime';
import type { Lead } from '../src/leads/fields';
import { CLAIMS_AT_ONCE } from '../src/leads/redeliveries';

const BATCH_SIZES = [1_000, 10_000];
/** 0: the stand-in answers at once; 2 ms: as over a network, where the pool matters. */
const ANSWER_DELAYS_MS = [0, 2];
const PERFORM = 'triggers.new_lead.operation.perform';
const MEMORY_SAMPLE_MS = 20;
const MB = 1024 * 1024;

function batchOf(size: number, round: number): object {
  const leads = Array.from({ length: size }, (_, index) => ({
    id: `lead_${round}_${index}`,
    email: `lead${index}@example.org`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    page: { id: 'page_spring', name: 'Spring Launch' },
    fields: { company: 'Analytical Engines Ltd', budget: String(index) },
  }));
  return { event: 'lead.created', id: `dlv_${round}`, data: leads };
}

interface Run {
  items: number;
  millis: number;
  calls: number;
  mostCallsInFlight: number;
  connectionsOpened: number;
  mostConnectionsOpen: number;
  peakRssMb: number;
}

/** The most RSS seen while `work` runs, sampled. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, MEMORY_SAMPLE_MS);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [result, peak / MB];
  } finally {
    clearInterval(sampler);
  }
}

async function performOnce(
  runtime: ZapierRuntime,
  app: object,
  delivery: object,
): Promise<Run> {
  runtime.resetFigures();
  const started = performance.now();
  const [items, peakRssMb] = await withPeakRss(() =>
    runtime.invoke<Lead[]>(app, PERFORM, {
      cleanedRequest: delivery,
      subscribeData: { id: 'wh_bench' },
    }),
  );
  const millis = performance.now() - started;
  const figures = runtime.figures();
  return {
    items: items.length,
    millis,
    calls: figures.rpcCalls,
    mostCallsInFlight: figures.mostCallsInFlight,
    connectionsOpened: figures.connectionsOpened,
    mostConnectionsOpen: figures.mostConnectionsOpen,
    peakRssMb,
  };
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

async function main(): Promise<void> {
  process.stdout.write(
    `\nNew Lead's claims for one batch, through core's handler, Node ${process.version}, ` +
      `${CLAIMS_AT_ONCE} claims at a time; the cache stand-in runs in this process\n\n` +
      '| leads | cache answers after | delivery | wall time (s) | items | cache calls | ' +
      'most calls in flight | sockets opened | most sockets open | peak RSS (MB) |\n' +
      '|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  const appDir = join(__dirname, '..', '..');
  ensureAppBuilt(appDir);
  const app = new BuiltApp(appDir, false).definition;
  let round = 0;
  for (const delay of ANSWER_DELAYS_MS) {
    for (const size of BATCH_SIZES) {
      round += 1;
      // A fresh stand-in per batch, keeping no list of calls, so the figures are this batch's.
      const runtime = await startZapierRuntime({
        recordCalls: false,
        answerDelayMs: delay,
        quiet: true,
      });
      try {
        const delivery = batchOf(size, round);
        const first = await performOnce(runtime, app, delivery);
        const again = await performOnce(runtime, app, delivery);
        if (first.items !== size || again.items !== 0) {
          fail(
            `${size} leads gave ${first.items} items, then ${again.items} when sent again`,
          );
        }
        for (const [label, run] of [
          ['new', first],
          ['sent again', again],
        ] as const) {
          process.stdout.write(
            `| ${number(size)} | ${delay} ms | ${label} | ${number(run.millis / 1000, 2)} | ` +
              `${number(run.items)} | ${number(run.calls)} | ${run.mostCallsInFlight} | ` +
              `${number(run.connectionsOpened)} | ${run.mostConnectionsOpen} | ` +
              `${number(run.peakRssMb)} |\n`,
          );
        }
      } finally {
        await runtime.close();
      }
    }
  }
}

void main();

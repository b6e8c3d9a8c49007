/**
 * `npm run bench` (second part): what New Lead's exactly-once claims cost, and
 * that `perform` returns in time whatever Zapier's cache does. The built app's
 * `perform` (dist/, built first if out of date) runs through core's Lambda
 * handler, as on Zapier, against a stand-in of Zapier's cache in a process of
 * its own (bench/cache-stand-in.ts, loopback) that answers each call after a
 * set latency, or never: each batch size once with new leads and once with
 * the same leads sent again.
 *
 * Printed per row: wall time through the handler, leads claimed, leads passed
 * on unchecked, cache calls answered, the most calls in flight and sockets
 * open at the stand-in, and this process's peak memory. The run fails when a
 * lead is lost or a row takes 25 s or more.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { ensureAppBuilt } from '../harness/app-build';
import { BuiltApp } from '../harness/zapier/built-app';
import { invokeThroughHandler } from '../harness/zapier/runtime';
import type { Latency, RunEndpoints, RuntimeFigures } from '../harness/zapier/runtime';
import { ZAPIER_CACHE_TIMING } from '../src/cache-calls';
import type { Lead } from '../src/leads/fields';
import { CLAIMS_AT_ONCE } from '../src/leads/redeliveries';
import type { StandInReply, StandInRequest } from './cache-stand-in';

/** Leads per batch; the last, as many as fit Zapier's 10 MB for a webhook's payload. */
const BATCH_SIZES = [1, 100, 2_000, 10_000, 'up to 10 MB'] as const;
type BatchSize = (typeof BATCH_SIZES)[number];
const ZAPIER_PAYLOAD_BYTES = 10 * 1024 * 1024;
const LATENCIES: Latency[] = [5, 50, 200, 'never'];
const PERFORM = 'triggers.new_lead.operation.perform';
/** Zapier stops a hook's perform at 30 s; this app's perform returns within 25 s. */
const PERFORM_RETURNS_WITHIN_MS = 25_000;
const MEMORY_SAMPLE_MS = 20;
const MB = 1024 * 1024;

const leadOf = (round: number, index: number) => ({
  id: `lead_${round}_${index}`,
  email: `lead${index}@example.org`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  page: { id: 'page_spring', name: 'Spring Launch' },
  fields: { company: 'Analytical Engines Ltd', budget: String(index) },
});

/** The delivery, and how many leads it holds. */
function batchOf(size: BatchSize, round: number): { delivery: object; leads: number } {
  const perLead = Buffer.byteLength(JSON.stringify(leadOf(round, 1_000_000))) + 1;
  const count =
    size === 'up to 10 MB' ? Math.floor(ZAPIER_PAYLOAD_BYTES / perLead) - 1 : size;
  const leads = Array.from({ length: count }, (_, index) => leadOf(round, index));
  return {
    delivery: { event: 'lead.created', id: `dlv_${round}`, data: leads },
    leads: count,
  };
}

/** The stand-in process, and its answer to each request, one at a time. */
class StandIn {
  private constructor(private readonly child: ChildProcess) {}

  static start(): StandIn {
    return new StandIn(fork(join(__dirname, 'cache-stand-in.js'), { stdio: 'inherit' }));
  }

  ask<K extends StandInReply['kind']>(
    request: StandInRequest,
    kind: K,
  ): Promise<Extract<StandInReply, { kind: K }>> {
    return new Promise((resolve) => {
      const onMessage = (message: StandInReply) => {
        if (message.kind === kind) {
          this.child.off('message', onMessage);
          resolve(message as Extract<StandInReply, { kind: K }>);
        }
      };
      this.child.on('message', onMessage);
      this.child.send(request);
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

interface Run {
  items: number;
  millis: number;
  figures: RuntimeFigures;
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
  standIn: StandIn,
  endpoints: RunEndpoints,
  app: object,
  delivery: object,
): Promise<Run> {
  await standIn.ask({ kind: 'reset' }, 'reset');
  const started = performance.now();
  const [items, peakRssMb] = await withPeakRss(() =>
    invokeThroughHandler<Lead[]>(
      app,
      PERFORM,
      { cleanedRequest: delivery, subscribeData: { id: 'wh_bench' } },
      endpoints,
      { quiet: true },
    ),
  );
  const millis = performance.now() - started;
  const { figures } = await standIn.ask({ kind: 'figures' }, 'figures');
  return { items: items.length, millis, figures, peakRssMb };
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

function row(size: number, latency: Latency, label: string, run: Run, seen: number) {
  const claimed = run.figures.claimsStored;
  // Every lead is returned, skipped as seen, or both claimed and returned.
  const unchecked = run.items - claimed;
  if (run.items + seen !== size && label === 'new') {
    fail(`${size} new leads gave ${run.items} items`);
  }
  if (run.millis >= PERFORM_RETURNS_WITHIN_MS) {
    fail(`${size} leads at ${String(latency)} took ${number(run.millis / 1000, 1)} s`);
  }
  const latencyText = latency === 'never' ? 'never answers' : `${latency} ms`;
  process.stdout.write(
    `| ${number(size)} | ${latencyText} | ${label} | ${number(run.millis / 1000, 2)} | ` +
      `${number(claimed)} | ${number(seen)} | ${number(unchecked)} | ` +
      `${number(run.figures.rpcCalls)} | ${run.figures.mostCallsInFlight} | ` +
      `${run.figures.mostConnectionsOpen} | ${number(run.peakRssMb)} |\n`,
  );
}

/** One batch size at one latency, in this process: new, then sent again. */
async function measureBatch(size: BatchSize, latency: Latency): Promise<void> {
  const app = new BuiltApp(join(__dirname, '..', '..'), false).definition;
  // A fresh stand-in per batch: calls left hanging by one batch stay out of the next.
  const standIn = StandIn.start();
  try {
    const endpoints = await standIn.ask({ kind: 'start', delay: latency }, 'ready');
    const { delivery, leads } = batchOf(size, 1);
    const first = await performOnce(standIn, endpoints, app, delivery);
    row(leads, latency, 'new', first, 0);
    if (latency !== 'never') {
      const again = await performOnce(standIn, endpoints, app, delivery);
      row(leads, latency, 'sent again', again, leads - again.items);
    }
  } finally {
    standIn.stop();
  }
}

/** Runs each batch in a process of its own, so that its peak memory is its own. */
function measureInChild(size: number, latency: number): Promise<void> {
  return new Promise((resolve) => {
    const child = fork(
      __filename,
      ['--batch', String(size), '--latency', String(latency)],
      {
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) => {
      if (code !== 0) {
        process.exit(code ?? 1);
      }
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const batch = process.argv.indexOf('--batch');
  if (batch !== -1) {
    const size = BATCH_SIZES[Number(process.argv[batch + 1])]!;
    const latency =
      LATENCIES[Number(process.argv[process.argv.indexOf('--latency') + 1])]!;
    await measureBatch(size, latency);
    process.exit(0);
  }
  const { budgetMs, callTimeoutMs } = ZAPIER_CACHE_TIMING;
  process.stdout.write(
    `\nNew Lead's claims for one batch, through core's handler, Node ${process.version}: ` +
      `${CLAIMS_AT_ONCE} claims at a time, ${callTimeoutMs / 1000} s a call, ` +
      `${budgetMs / 1000} s for the cache; each batch in a process of its own, the cache ` +
      'stand-in in another\n\n' +
      '| leads | cache latency | delivery | wall time (s) | claimed | skipped as seen | ' +
      'passed on unchecked | cache calls | most calls in flight | most sockets open | ' +
      'peak RSS (MB) |\n' +
      '|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  await ensureAppBuilt(join(__dirname, '..', '..'));
  for (const latency of LATENCIES.keys()) {
    for (const size of BATCH_SIZES.keys()) {
      await measureInChild(size, latency);
    }
  }
}

void main();

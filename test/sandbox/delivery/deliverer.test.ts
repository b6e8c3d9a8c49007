/**
 * The delivery engine as a flaky network and a careless operator see it:
 * a locked database, a restart mid-retry, huge answers, 429 with
 * Retry-After, receivers that never answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { DatabaseSync } from 'node:sqlite';

import type { SandboxOptions } from '../../../sandbox/server';
import { REAL_IO_TEST_MS, REAL_IO_WAIT, capturedLog, testSandbox } from '../helpers';
import {
  bearer,
  connect,
  deleteWebhook,
  listed,
  postJson,
  subscribeHook,
} from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';
import type { Tokens } from '../../../harness/sandbox-client';
import { eventually } from '../../../harness/eventually';
import { startHookReceiver } from '../../../harness/hook-receiver';
import type { HookReceiver } from '../../../harness/hook-receiver';

// Every test here runs sandboxes, receivers and databases for real.
jest.setTimeout(REAL_IO_TEST_MS);

let directory: string;
const started: { close(): Promise<void> }[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'sandbox-delivery-'));
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((thing) => thing.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function sandboxWith(options: SandboxOptions): Promise<TestSandbox> {
  const sandbox = await testSandbox(options);
  started.push(sandbox);
  return sandbox;
}

async function receiver(
  ...args: Parameters<typeof startHookReceiver>
): Promise<HookReceiver> {
  const hooks = await startHookReceiver(...args);
  started.push(hooks);
  return hooks;
}

/** Subscribes `url` with a fresh connection; answers the webhook and the connection. */
async function subscribe(
  sandbox: TestSandbox,
  url: string,
): Promise<{ webhookId: string; tokens: Tokens }> {
  const tokens = await connect(sandbox);
  return { webhookId: await subscribeHook(sandbox, tokens, url), tokens };
}

/** Submits one lead; answers its id. */
async function submit(sandbox: TestSandbox): Promise<string> {
  const response = await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { lead: { id: string } }).lead.id;
}

async function subscribeAndSubmit(sandbox: TestSandbox, url: string): Promise<string> {
  await subscribe(sandbox, url);
  return submit(sandbox);
}

async function unsubscribe(
  sandbox: TestSandbox,
  { webhookId, tokens }: { webhookId: string; tokens: Tokens },
): Promise<void> {
  const response = await deleteWebhook(sandbox, webhookId, bearer(tokens));
  expect(response.status).toBe(200);
}

/** Answers the first delivery 503 and every later one 200. */
const failingOnce: Parameters<typeof startHookReceiver>[0] = (n, response) =>
  response.writeHead(n === 1 ? 503 : 200).end();

/** Changes the database as a sandbox from before left it, with no sandbox running on it. */
function asLeftBefore(database: string, sql: string): void {
  const old = new DatabaseSync(database);
  try {
    old.exec(sql);
  } finally {
    old.close();
  }
}

/**
 * A sandbox on `database` subscribes `url`, makes a new lead's first
 * attempt, does `beforeStop` and stops; answers the lead's id and when its
 * first attempt was made.
 */
async function firstAttemptThenStop(
  database: string,
  delivery: SandboxOptions['delivery'],
  url: string,
  beforeStop?: (
    sandbox: TestSandbox,
    subscription: { webhookId: string; tokens: Tokens },
  ) => Promise<void>,
): Promise<{ leadId: string; firstAttemptAt: number }> {
  const first = await sandboxWith({ database, ...(delivery ? { delivery } : {}) });
  const subscription = await subscribe(first, url);
  const leadId = await submit(first);
  const [attempt] = await eventually(async () => {
    const attempts = await listed(first, 'deliveries', `?lead_id=${leadId}`);
    return attempts.length === 1 ? attempts : undefined;
  }, REAL_IO_WAIT);
  await beforeStop?.(first, subscription);
  await first.close();
  return { leadId, firstAttemptAt: Date.parse(attempt!.at) };
}

/**
 * A clock that reads `at` now and runs on from there: a sandbox started with
 * it starts again the moment the one before stopped, however long the
 * restart took on this machine.
 */
function clockFrom(at: number): () => number {
  const shift = at - Date.now();
  return () => Date.now() + shift;
}

async function outcomes(sandbox: TestSandbox, leadId: string) {
  return (await listed(sandbox, 'deliveries', `?lead_id=${leadId}`)).map(
    ({ attempt, statusCode, outcome }) => [attempt, statusCode, outcome],
  );
}

it('keeps delivering when an attempt cannot be recorded because the database is locked, and records it later', async () => {
  const database = join(directory, 'sandbox.db');
  const other = new DatabaseSync(database);
  const letGo = () => {
    if (other.isTransaction) {
      other.exec('COMMIT');
    }
  };
  // Another connection (the sqlite3 shell, say) holds the lock from the first
  // attempt until the sandbox has said it could not record it: the retry
  // (recordRetryMs) is then due long before the next attempt (baseDelayMs).
  const log = capturedLog((message) => {
    if (message.includes('could not be recorded')) {
      letGo();
    }
  });
  const sandbox = await sandboxWith({
    database,
    busyTimeoutMs: 100,
    log: log.stream,
    delivery: { baseDelayMs: 400, maxDelayMs: 1000, recordRetryMs: 50 },
  });
  started.push({
    close: () => {
      letGo();
      other.close();
      return Promise.resolve();
    },
  });
  const hooks = await receiver((n, response) => {
    if (n === 1) {
      other.exec('BEGIN EXCLUSIVE');
    }
    response.writeHead(n === 1 ? 503 : 200).end();
  });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();

  // The attempt the lock kept out is recorded once it is let go: none is lost.
  expect(log.messages()).toEqual([
    expect.stringMatching(
      /^1 delivery attempt\(s\) could not be recorded \(database is locked\); they are kept and recorded once the database .*sandbox\.db can be written again$/,
    ),
    'the database takes writes again: 1 delivery attempt(s) kept meanwhile are recorded',
  ]);
  expect(hooks.deliveries).toHaveLength(2);
  expect(await outcomes(sandbox, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
});

it('keeps the attempts a full disk kept out, records them once there is room, and sends none again', async () => {
  const leads = 200;
  const log = capturedLog();
  const sandbox = await sandboxWith({
    log: log.stream,
    // Held until all are sent: no attempt times out, however long the leads take.
    delivery: {
      attemptsPerWebhook: leads,
      recordRetryMs: 50,
      timeoutMs: REAL_IO_TEST_MS,
    },
  });
  const held: ServerResponse[] = [];
  const hooks = await receiver((_n, response) => {
    held.push(response);
  });
  await subscribe(sandbox, hooks.url);
  const leadIds: string[] = [];
  for (let index = 0; index < leads; index += 1) {
    leadIds.push(await submit(sandbox));
  }
  await eventually(() => (held.length === leads ? true : undefined), REAL_IO_WAIT);
  // The disk fills: the database can grow no more while the receiver answers.
  const { store } = sandbox.context;
  store.limitPages(store.pageCount());
  for (const response of held) {
    response.writeHead(200).end();
  }
  await eventually(
    () =>
      log.messages().some((message) => message.includes('could not be recorded'))
        ? true
        : undefined,
    REAL_IO_WAIT,
  );
  const delivered = async () =>
    (await listed(sandbox, 'deliveries')).filter((row) => row.outcome === 'delivered')
      .length;
  expect(await delivered()).toBeLessThan(leads);

  store.limitPages(undefined);
  await eventually(
    async () => ((await delivered()) === leads ? true : undefined),
    REAL_IO_WAIT,
  );
  await sandbox.context.deliverer.idle();
  expect(hooks.received).toHaveLength(leads);
  expect(log.messages()).toEqual([
    expect.stringMatching(
      /^\d+ delivery attempt\(s\) could not be recorded \(database or disk is full\); they are kept and recorded once the database :memory: can be written again$/,
    ),
    expect.stringMatching(
      /^the database takes writes again: \d+ delivery attempt\(s\) kept meanwhile are recorded$/,
    ),
  ]);
  for (const leadId of leadIds.slice(0, 5)) {
    expect(await outcomes(sandbox, leadId)).toEqual([[1, 200, 'delivered']]);
  }
});

it('resumes a delivery being retried when the sandbox starts again on the same database', async () => {
  const database = join(directory, 'sandbox.db');
  // Never due while the first sandbox runs, however slowly it stops.
  const delivery = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
  const hooks = await receiver(failingOnce);
  const { leadId, firstAttemptAt } = await firstAttemptThenStop(
    database,
    delivery,
    hooks.url,
  );
  expect(hooks.deliveries).toHaveLength(1);

  // Starts 58.5 s after the first attempt by its clock: the retry is 1.5 s away.
  const second = await sandboxWith({
    database,
    delivery,
    now: clockFrom(firstAttemptAt + 58_500),
  });
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
  expect(hooks.deliveries).toEqual([hooks.deliveries[0], hooks.deliveries[0]]);
  // Resumed at the time it was due (60 s after the first attempt), not at once.
  const [sentFirst, sentSecond] = (await listed(second, 'deliveries')).map((attempt) =>
    Date.parse(attempt.at),
  );
  expect(sentSecond! - sentFirst!).toBeGreaterThanOrEqual(59_990);
});

it('resumes a delivery a sandbox from before left retrying, with no pending row', async () => {
  const database = join(directory, 'sandbox.db');
  // Never due while the first sandbox runs: only the second one can retry it.
  const delivery = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
  const hooks = await receiver(failingOnce);
  const { leadId } = await firstAttemptThenStop(database, delivery, hooks.url);
  // What the sandbox before this one left: the attempt row, and nothing pending.
  asLeftBefore(database, 'DELETE FROM pending_deliveries');

  const second = await sandboxWith({ database, delivery });
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
  expect(hooks.deliveries).toEqual([hooks.deliveries[0], hooks.deliveries[0]]);
});

it('builds each attempt from the stored lead, also for a delivery a sandbox from before stored with its payload', async () => {
  const database = join(directory, 'sandbox.db');
  const delivery = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
  const hooks = await receiver(failingOnce);
  const { leadId } = await firstAttemptThenStop(database, delivery, hooks.url);
  // What a sandbox from before kept: the payload in the pending row (here a stale one).
  asLeftBefore(
    database,
    `
    ALTER TABLE pending_deliveries RENAME TO newer;
    CREATE TABLE pending_deliveries (
      id TEXT PRIMARY KEY, lead_id TEXT NOT NULL, webhook_id TEXT NOT NULL, url TEXT NOT NULL,
      payload TEXT NOT NULL, attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL
    );
    INSERT INTO pending_deliveries
      SELECT id, lead_id, webhook_id, url, '{"stale":true}', attempts, 0 FROM newer;
    DROP TABLE newer;
  `,
  );

  const second = await sandboxWith({ database, delivery });
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
  expect(hooks.bodies[1]).toMatchObject({ event: 'lead.created', data: { id: leadId } });
  expect(hooks.bodies[1]).toEqual(hooks.bodies[0]);
  // The old table is migrated: a new lead's delivery is stored and sent too.
  const another = await postJson(second, '/_sandbox/leads', { email: 'b@example.org' });
  expect(another.status).toBe(201);
  await second.context.deliverer.idle();
  expect(hooks.bodies).toHaveLength(3);
});

it('sends nothing more to a webhook once it is deleted, and records the delivery cancelled', async () => {
  const sandbox = await sandboxWith({
    delivery: { baseDelayMs: 20, maxDelayMs: 20 },
  });
  let deleted: Promise<void> | undefined;
  // The webhook is deleted while the first attempt waits for its answer, and
  // the answer asks for a retry: the retry comes after the delete, however
  // fast or slow this machine is.
  const hooks = await receiver((n, response) => {
    if (n > 1) {
      response.writeHead(503).end();
      return;
    }
    deleted = unsubscribe(sandbox, subscription).finally(() =>
      response.writeHead(503).end(),
    );
  });
  const subscription = await subscribe(sandbox, hooks.url);
  const leadId = await submit(sandbox);
  await eventually(() => (deleted === undefined ? undefined : true), REAL_IO_WAIT);
  await deleted;
  await sandbox.context.deliverer.idle();
  expect(await outcomes(sandbox, leadId)).toEqual([
    [1, 503, 'retrying'],
    [1, null, 'cancelled'],
  ]);
  expect(hooks.deliveries).toHaveLength(1);
});

it('cancels, on start, a waiting delivery whose webhook was deleted before the restart', async () => {
  const database = join(directory, 'sandbox.db');
  const delivery = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
  const hooks = await receiver((_n, response) => response.writeHead(503).end());
  const { leadId } = await firstAttemptThenStop(
    database,
    delivery,
    hooks.url,
    unsubscribe,
  );

  const second = await sandboxWith({ database, delivery: { baseDelayMs: 10 } });
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [1, null, 'cancelled'],
  ]);
  expect(hooks.deliveries).toHaveLength(1);
});

it('sends again at once on a new connection when the receiver closed the kept-alive one as the request went out, counting no failed attempt', async () => {
  // Node's keep-alive race, on purpose: the receiver closes the connection
  // kept alive after the first delivery just as the second arrives on it,
  // before reading it (as when its idle timeout fires at that moment).
  const hooks = await receiver(() => 200, { closesKeptAlive: true });
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 60_000 } });
  await subscribe(sandbox, hooks.url);
  const leadIds: string[] = [];
  for (let lead = 0; lead < 2; lead += 1) {
    leadIds.push(await submit(sandbox));
    await sandbox.context.deliverer.idle();
  }
  expect(hooks.resets).toBe(1);
  expect(hooks.deliveries).toHaveLength(2);
  for (const leadId of leadIds) {
    expect(await outcomes(sandbox, leadId)).toEqual([[1, 200, 'delivered']]);
  }
});

it('discards a receiver’s answer body instead of reading it whole', async () => {
  let written = 0;
  const hooks = await receiver((_n, response) => {
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 120);
    const limit = 200 * 1024 * 1024;
    let open = true;
    response.on('close', () => {
      open = false;
    });
    const pump = () => {
      while (open && written < limit) {
        written += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      if (open) {
        response.end();
      }
    };
    pump();
  });
  const sandbox = await sandboxWith({});
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  expect(await outcomes(sandbox, leadId)).toEqual([[1, 200, 'delivered']]);
  expect(written).toBeLessThan(32 * 1024 * 1024);
});

it('retries 429 after the Retry-After the receiver asks for', async () => {
  const hooks = await receiver((n, response) =>
    n === 1
      ? response.writeHead(429, { 'Retry-After': '1' }).end()
      : response.writeHead(200).end(),
  );
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 20, maxDelayMs: 5000 } });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  const attempts = await listed(sandbox, 'deliveries', `?lead_id=${leadId}`);
  expect(attempts.map(({ statusCode, outcome }) => [statusCode, outcome])).toEqual([
    [429, 'retrying'],
    [200, 'delivered'],
  ]);
  const [first, second] = attempts.map((attempt) => Date.parse(attempt.at));
  expect(second! - first!).toBeGreaterThanOrEqual(990);
});

it('retries after a Retry-After given as an HTTP date', async () => {
  let retryAfter = '';
  const hooks = await receiver((n, response) => {
    if (n === 1) {
      retryAfter = new Date(Date.now() + 2000).toUTCString();
      response.writeHead(429, { 'Retry-After': retryAfter }).end();
    } else {
      response.writeHead(200).end();
    }
  });
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 20, maxDelayMs: 5000 } });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  const attempts = await listed(sandbox, 'deliveries', `?lead_id=${leadId}`);
  expect(attempts.map(({ statusCode }) => statusCode)).toEqual([429, 200]);
  // Not before the date the receiver named (backoff alone would be 20 ms).
  expect(Date.parse(attempts[1]!.at)).toBeGreaterThanOrEqual(Date.parse(retryAfter));
});

it('waits no longer than its longest delay, whatever Retry-After asks', async () => {
  let retry: ServerResponse | undefined;
  const hooks = await receiver((n, response) => {
    if (n === 1) {
      response.writeHead(503, { 'Retry-After': '3600' }).end();
    } else {
      retry = response; // answered once the wait it followed is read
    }
  });
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 20, maxDelayMs: 200 } });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  const [first] = await eventually(async () => {
    const attempts = await listed(sandbox, 'deliveries', `?lead_id=${leadId}`);
    return attempts.length === 1 ? attempts : undefined;
  }, REAL_IO_WAIT);
  // What the sandbox scheduled after the first attempt: stored until the
  // retry, which the receiver holds, is answered.
  const [waiting] = sandbox.context.store.leadsAndDeliveries.pending();
  expect(waiting!.nextAttemptAt - Date.parse(first!.at)).toBeLessThanOrEqual(200);
  await eventually(() => retry, REAL_IO_WAIT);
  retry!.writeHead(200).end();
  await sandbox.context.deliverer.idle();
  expect(await outcomes(sandbox, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
});

it('gives up an attempt after its time limit, and a delivery after its attempts', async () => {
  const hooks = await receiver(() => undefined); // never answers
  const sandbox = await sandboxWith({
    delivery: { timeoutMs: 200, baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3 },
  });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  const attempts = await listed(sandbox, 'deliveries', `?lead_id=${leadId}`);
  expect(attempts.map(({ outcome }) => outcome)).toEqual([
    'retrying',
    'retrying',
    'failed',
  ]);
  expect(attempts.every(({ error }) => /aborted|timeout/i.test(error ?? ''))).toBe(true);
});

it('counts an answer that came in time as delivered, though the sandbox was held up past the time limit', async () => {
  // Long enough for the request to reach this receiver on a busy machine.
  const timeoutMs = 2000;
  const hooks = await receiver((_n, response) => {
    response.writeHead(200).end();
    // Holds up the one event loop the sandbox shares with this receiver,
    // past the attempt's time limit (its timer started before the request
    // was sent), with the answer already on its way; sleeping, not spinning.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, timeoutMs + 100);
  });
  const sandbox = await sandboxWith({
    delivery: { timeoutMs, baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3 },
  });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  expect(await outcomes(sandbox, leadId)).toEqual([[1, 200, 'delivered']]);
  expect(hooks.deliveries).toHaveLength(1);
});

it('keeps its database on disk in write-ahead logging mode', async () => {
  const database = join(directory, 'sandbox.db');
  await sandboxWith({ database });
  const reader = new DatabaseSync(database);
  try {
    expect(reader.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
  } finally {
    reader.close();
  }
});

it('lets no slow receiver hold up another', async () => {
  let fastDelivered = false;
  const waitingSlow: ServerResponse[] = [];
  // The slow receiver answers only once the fast one has its delivery: a
  // sandbox that made the fast one wait would wait for ever.
  const answerSlow = () => {
    if (fastDelivered) {
      waitingSlow.splice(0).forEach((response) => response.writeHead(200).end());
    }
  };
  const slow = await receiver((_n, response) => {
    waitingSlow.push(response);
    answerSlow();
  });
  const fast = await receiver((_n, response) => {
    response.writeHead(200).end();
    fastDelivered = true;
    answerSlow();
  });
  const sandbox = await sandboxWith({ delivery: { timeoutMs: REAL_IO_TEST_MS } });
  const tokens = await connect(sandbox);
  for (const url of [slow.url, fast.url]) {
    await postJson(
      sandbox,
      '/api/webhook',
      { url, triggers: ['lead.created'] },
      bearer(tokens),
    );
  }
  await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  await eventually(() => (fast.deliveries.length === 1 ? true : undefined), {
    ...REAL_IO_WAIT,
    what: 'the fast receiver’s delivery, while the slow one has not answered',
  });
  await sandbox.context.deliverer.idle();
  expect(slow.deliveries).toHaveLength(1);
  expect((await listed(sandbox, 'deliveries')).map(({ outcome }) => outcome)).toEqual([
    'delivered',
    'delivered',
  ]);
});

it('sends at most attemptsPerWebhook attempts at once to one webhook, the rest wait their turn', async () => {
  const leads = 12;
  // The receiver holds every attempt until the test answers it: attempts
  // are at once under way however slowly the leads come in.
  const open: ServerResponse[] = [];
  let most = 0;
  const hooks = await receiver((_n, response) => {
    open.push(response);
    most = Math.max(most, open.length);
  });
  const sandbox = await sandboxWith({
    delivery: { attemptsPerWebhook: 3, timeoutMs: REAL_IO_TEST_MS },
  });
  const tokens = await connect(sandbox);
  await postJson(
    sandbox,
    '/api/webhook',
    { url: hooks.url, triggers: ['lead.created'] },
    bearer(tokens),
  );
  for (let i = 0; i < leads; i += 1) {
    await postJson(sandbox, '/_sandbox/leads', { email: `lead${i}@example.org` });
  }
  // Three at a time: each three answered once all three have arrived.
  for (let answered = 0; answered < leads;) {
    const expected = Math.min(3, leads - answered);
    await eventually(() => (open.length >= expected ? true : undefined), REAL_IO_WAIT);
    answered += open.length;
    open.splice(0).forEach((response) => response.writeHead(200).end());
  }
  await sandbox.context.deliverer.idle();
  expect(most).toBe(3);
  expect(hooks.deliveries).toHaveLength(leads);
  const attempts = await listed(sandbox, 'deliveries');
  expect(attempts.map(({ outcome }) => outcome)).toEqual(Array(leads).fill('delivered'));
});

it('waits for a lock another process lets go of within the busy timeout', async () => {
  const database = join(directory, 'sandbox.db');
  // The lock is held for 300 ms: the sandbox waits up to a minute for it,
  // however slowly the other process runs on this machine.
  const sandbox = await sandboxWith({ database, busyTimeoutMs: REAL_IO_TEST_MS });
  // Another process (the sqlite3 shell, say) holds the lock for 300 ms.
  const holder = spawn(
    process.execPath,
    [
      '--no-warnings',
      '-e',
      `const { DatabaseSync } = require('node:sqlite');
       const db = new DatabaseSync(process.argv[1]);
       db.exec('BEGIN EXCLUSIVE');
       process.stdout.write('locked\\n');
       setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);`,
      database,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  started.push({
    close: () => {
      holder.kill();
      return Promise.resolve();
    },
  });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  const response = await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  expect(response.status).toBe(201);
});

it('answers 503 with {error} while another connection holds the database, and works once it lets go', async () => {
  const database = join(directory, 'sandbox.db');
  const sandbox = await sandboxWith({ database, busyTimeoutMs: 50 });
  const other = new DatabaseSync(database);
  other.exec('BEGIN EXCLUSIVE');
  const locked = await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  other.exec('COMMIT');
  other.close();
  expect(locked.status).toBe(503);
  expect(await locked.json()).toEqual({
    error: 'The sandbox database is locked by another connection: try again',
  });
  const free = await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  expect(free.status).toBe(201);
  expect(await listed(sandbox, 'leads')).toHaveLength(1);
});

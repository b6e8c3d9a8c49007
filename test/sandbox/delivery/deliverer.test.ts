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
import { capturedLog, testSandbox } from '../helpers';
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
import { eventually, sleep } from '../../../harness/eventually';
import { startHookReceiver } from '../../../harness/hook-receiver';
import type { HookReceiver } from '../../../harness/hook-receiver';

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
  answer: Parameters<typeof startHookReceiver>[0],
): Promise<HookReceiver> {
  const hooks = await startHookReceiver(answer);
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
 * attempt, does `beforeStop` and stops; answers the lead's id.
 */
async function firstAttemptThenStop(
  database: string,
  delivery: SandboxOptions['delivery'],
  url: string,
  beforeStop?: (
    sandbox: TestSandbox,
    subscription: { webhookId: string; tokens: Tokens },
  ) => Promise<void>,
): Promise<string> {
  const first = await sandboxWith({ database, ...(delivery ? { delivery } : {}) });
  const subscription = await subscribe(first, url);
  const leadId = await submit(first);
  await eventually(async () =>
    (await outcomes(first, leadId)).length === 1 ? true : undefined,
  );
  await beforeStop?.(first, subscription);
  await first.close();
  return leadId;
}

async function outcomes(sandbox: TestSandbox, leadId: string) {
  return (await listed(sandbox, 'deliveries', `?lead_id=${leadId}`)).map(
    ({ attempt, statusCode, outcome }) => [attempt, statusCode, outcome],
  );
}

it('keeps delivering when an attempt cannot be recorded because the database is locked, and records it later', async () => {
  const database = join(directory, 'sandbox.db');
  const log = capturedLog();
  const sandbox = await sandboxWith({
    database,
    busyTimeoutMs: 100,
    log: log.stream,
    delivery: { baseDelayMs: 400, maxDelayMs: 1000, recordRetryMs: 50 },
  });
  const other = new DatabaseSync(database);
  const letGo = () => {
    if (other.isTransaction) {
      other.exec('COMMIT');
    }
  };
  started.push({
    close: () => {
      letGo();
      other.close();
      return Promise.resolve();
    },
  });
  const logged = (part: string) => () =>
    log.messages().some((message) => message.includes(part)) ? true : undefined;
  const hooks = await receiver((n, response) => {
    if (n === 1) {
      // Another connection (the sqlite3 shell, say) holds the lock for a while.
      other.exec('BEGIN EXCLUSIVE');
      response.writeHead(503).end();
      return;
    }
    // The retry ends once the kept attempt is recorded, at any machine speed.
    void eventually(logged('takes writes again')).then(() =>
      response.writeHead(200).end(),
    );
  });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  // The lock is let go once the first attempt could not be recorded.
  await eventually(logged('could not be recorded'));
  letGo();
  await eventually(logged('takes writes again'));
  await eventually(() => (hooks.deliveries.length === 2 ? true : undefined));
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
    // Every attempt waits, unanswered, until all have arrived: none may time
    // out meanwhile, however long 200 submissions take on a loaded machine.
    delivery: { attemptsPerWebhook: leads, recordRetryMs: 50, timeoutMs: 120_000 },
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
  await eventually(() => (held.length === leads ? true : undefined));
  // The disk fills: the database can grow no more while the receiver answers.
  const { store } = sandbox.context;
  store.limitPages(store.pageCount());
  for (const response of held) {
    response.writeHead(200).end();
  }
  await eventually(() =>
    log.messages().some((message) => message.includes('could not be recorded'))
      ? true
      : undefined,
  );
  const delivered = async () =>
    (await listed(sandbox, 'deliveries')).filter((row) => row.outcome === 'delivered')
      .length;
  expect(await delivered()).toBeLessThan(leads);

  store.limitPages(undefined);
  await eventually(async () => ((await delivered()) === leads ? true : undefined));
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
  // 200 submissions, deliveries and records, and waits of up to 20 s each.
}, 120_000);

it('resumes a delivery being retried when the sandbox starts again on the same database', async () => {
  const database = join(directory, 'sandbox.db');
  const delivery = { baseDelayMs: 1500, maxDelayMs: 1500 };
  const hooks = await receiver(failingOnce);
  const leadId = await firstAttemptThenStop(database, delivery, hooks.url);
  expect(hooks.deliveries).toHaveLength(1);

  const second = await sandboxWith({ database, delivery });
  // Resumed at the time it was due (1.5 s after the first attempt), not at once.
  await sleep(200);
  expect(hooks.deliveries).toHaveLength(1);
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [2, 200, 'delivered'],
  ]);
  expect(hooks.deliveries).toEqual([hooks.deliveries[0], hooks.deliveries[0]]);
  const [sentFirst, sentSecond] = (await listed(second, 'deliveries')).map((attempt) =>
    Date.parse(attempt.at),
  );
  expect(sentSecond! - sentFirst!).toBeGreaterThanOrEqual(1490);
});

it('resumes a delivery a sandbox from before left retrying, with no pending row', async () => {
  const database = join(directory, 'sandbox.db');
  const delivery = { baseDelayMs: 700, maxDelayMs: 1000 };
  const hooks = await receiver(failingOnce);
  const leadId = await firstAttemptThenStop(database, delivery, hooks.url);
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
  const leadId = await firstAttemptThenStop(database, delivery, hooks.url);
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
    delivery: { baseDelayMs: 1000, maxDelayMs: 1000 },
  });
  const hooks = await receiver((_n, response) => response.writeHead(503).end());
  const subscription = await subscribe(sandbox, hooks.url);
  const leadId = await submit(sandbox);
  await eventually(async () =>
    (await outcomes(sandbox, leadId)).length === 1 ? true : undefined,
  );
  await unsubscribe(sandbox, subscription);
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
  const leadId = await firstAttemptThenStop(database, delivery, hooks.url, unsubscribe);

  const second = await sandboxWith({ database, delivery: { baseDelayMs: 10 } });
  await second.context.deliverer.idle();
  expect(await outcomes(second, leadId)).toEqual([
    [1, 503, 'retrying'],
    [1, null, 'cancelled'],
  ]);
  expect(hooks.deliveries).toHaveLength(1);
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
  const hooks = await receiver((n, response) =>
    n === 1
      ? response
          .writeHead(429, { 'Retry-After': new Date(Date.now() + 2000).toUTCString() })
          .end()
      : response.writeHead(200).end(),
  );
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 20, maxDelayMs: 5000 } });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  await sandbox.context.deliverer.idle();
  const attempts = await listed(sandbox, 'deliveries', `?lead_id=${leadId}`);
  expect(attempts.map(({ statusCode }) => statusCode)).toEqual([429, 200]);
  const [first, second] = attempts.map((attempt) => Date.parse(attempt.at));
  // The date has whole seconds: 2 s ahead is at least 1 s ahead.
  expect(second! - first!).toBeGreaterThanOrEqual(990);
});

it('waits no longer than its longest delay, whatever Retry-After asks', async () => {
  const hooks = await receiver((n, response) =>
    n === 1
      ? response.writeHead(503, { 'Retry-After': '3600' }).end()
      : response.writeHead(200).end(),
  );
  const sandbox = await sandboxWith({ delivery: { baseDelayMs: 20, maxDelayMs: 200 } });
  const leadId = await subscribeAndSubmit(sandbox, hooks.url);
  const startedAt = Date.now();
  await sandbox.context.deliverer.idle();
  expect(Date.now() - startedAt).toBeLessThan(2000);
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
  const hooks = await receiver((_n, response) => {
    response.writeHead(200).end();
    // Holds up the one event loop the sandbox shares with this receiver,
    // past the attempt's time limit, with the answer already on its way.
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // busy
    }
  });
  const sandbox = await sandboxWith({
    delivery: { timeoutMs: 200, baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3 },
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
  const slow = await receiver((_n, response) => {
    setTimeout(() => response.writeHead(200).end(), 1500);
  });
  const fast = await receiver((_n, response) => response.writeHead(200).end());
  const sandbox = await sandboxWith({});
  const tokens = await connect(sandbox);
  for (const url of [slow.url, fast.url]) {
    await postJson(
      sandbox,
      '/api/webhook',
      { url, triggers: ['lead.created'] },
      bearer(tokens),
    );
  }
  const startedAt = Date.now();
  await postJson(sandbox, '/_sandbox/leads', { email: 'a@example.org' });
  await eventually(() => (fast.deliveries.length === 1 ? true : undefined), {
    timeoutMs: 1000,
  });
  expect(Date.now() - startedAt).toBeLessThan(1000);
  expect(slow.deliveries).toHaveLength(1);
  await sandbox.context.deliverer.idle();
});

it('sends at most attemptsPerWebhook attempts at once to one webhook, the rest wait their turn', async () => {
  let open = 0;
  let most = 0;
  const hooks = await receiver((_n, response) => {
    open += 1;
    most = Math.max(most, open);
    setTimeout(() => {
      open -= 1;
      response.writeHead(200).end();
    }, 50);
  });
  const sandbox = await sandboxWith({
    delivery: { attemptsPerWebhook: 3, timeoutMs: 1000 },
  });
  const tokens = await connect(sandbox);
  await postJson(
    sandbox,
    '/api/webhook',
    { url: hooks.url, triggers: ['lead.created'] },
    bearer(tokens),
  );
  for (let i = 0; i < 12; i += 1) {
    await postJson(sandbox, '/_sandbox/leads', { email: `lead${i}@example.org` });
  }
  await sandbox.context.deliverer.idle();
  expect(most).toBe(3);
  expect(hooks.deliveries).toHaveLength(12);
  const attempts = await listed(sandbox, 'deliveries');
  expect(attempts.map(({ outcome }) => outcome)).toEqual(Array(12).fill('delivered'));
});

it('waits for a lock another process lets go of within the busy timeout', async () => {
  const database = join(directory, 'sandbox.db');
  const sandbox = await sandboxWith({ database, busyTimeoutMs: 3000 });
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

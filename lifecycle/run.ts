/**
 * The whole life of a Zap, end to end: the built app (dist/) driven through
 * the real zapier-platform-core runtime, against the sandbox, over real HTTP
 * on loopback. Each step prints one line; the first failure stops the run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import zapier from 'zapier-platform-core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import type { createApp } from '../src/app';
import type { FieldValue, Lead } from '../src/leads/fields';
import { s256 } from '../sandbox/oauth';
import { PAGES, PAID_PROJECT, ZAPIER_REDIRECT_URI } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/server';
import { hiddenField } from './html';
import { startReceiver } from './receiver';
import type { ReceivedRequest, Receiver } from './receiver';
import { startZapierRuntime } from './zapier-runtime';
import type { ZapierRuntime } from './zapier-runtime';

export interface LifecycleOptions {
  pkce: boolean;
  /** Where the built app is: the folder holding dist/. */
  appDir: string;
  /** Lifetime of the sandbox's access tokens: short, so the refresh path runs. */
  accessTokenTtlSeconds?: number;
  print?: (line: string) => void;
}

export interface LifecycleResult {
  label: string;
  lead: Lead;
  /** What perform gave for the sandbox's retry of the same delivery. */
  redeliveryItems: Lead[];
  /** What perform gave for a lead from a page the Zap did not choose. */
  otherPageItems: Lead[];
  refreshTokensSeen: number;
}

/** The Zap's Page setting, and a page it does not choose. */
const [ZAP_PAGE, OTHER_PAGE] = PAGES;
const PERFORM = 'triggers.new_lead.operation.perform';

export class LifecycleError extends Error {
  constructor(step: string, cause: unknown) {
    super(`${step}: ${readable(cause)}`, { cause });
    this.name = 'LifecycleError';
  }
}

type App = ReturnType<typeof createApp>;
type AuthData = { access_token: string; refresh_token: string };
type Operation<T> = (z: ZObject, bundle: Bundle) => Promise<T>;

/** What a person would read of an error: core wraps app errors as JSON `{message}`. */
export function readable(error: unknown): string {
  // Duck-typed: errors may come from another realm (jest's module loader).
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : String(error);
  try {
    const parsed = JSON.parse(message) as { message?: unknown };
    if (typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // a plain message
  }
  return message.split('\nWhat happened:')[0]!.trim();
}

/** A short, non-reversible name for a token: tokens themselves are never printed. */
export function fingerprint(token: string): string {
  return `#${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}

function operation<T>(value: unknown, name: string): Operation<T> {
  if (typeof value !== 'function') {
    throw new Error(`the built app has no ${name} function`);
  }
  return value as Operation<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fills the connection label template from the test result, as Zapier does. */
function renderLabel(template: unknown, data: Record<string, unknown>): string {
  if (typeof template !== 'string') {
    throw new Error('the built app has no connection label template');
  }
  return template.replace(/{{\s*([\w.]+)\s*}}/g, (_match, path: string) => {
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        data,
      );
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

function humanize(key: string): string {
  return key
    .split('__')
    .map((part) => part.replace(/_/g, ' '))
    .join(' › ')
    .replace(/^./, (first) => first.toUpperCase());
}

function show(value: FieldValue): string {
  if (Array.isArray(value)) {
    return value.map((item) => show(item)).join(', ');
  }
  return value === null ? '' : String(value);
}

const ENV_KEYS = [
  'BASE_URL',
  'APP_URL',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'OAUTH_PKCE',
] as const;

export async function runLifecycle(options: LifecycleOptions): Promise<LifecycleResult> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const ttl = options.accessTokenTtlSeconds ?? 3;
  const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  let sandbox: Sandbox | undefined;
  let receiver: Receiver | undefined;
  let runtime: ZapierRuntime | undefined;

  async function step<T>(
    title: string,
    run: () => Promise<T>,
    done: (value: T) => string,
  ): Promise<T> {
    let value: T;
    try {
      value = await run();
    } catch (error) {
      throw new LifecycleError(title, error);
    }
    print(`✔ ${done(value)}`);
    return value;
  }

  try {
    sandbox = await step(
      'Starting the sandbox',
      () =>
        startSandbox({
          settings: { accessTokenTtlSeconds: ttl },
          delivery: { baseDelayMs: 100 },
        }),
      (started) =>
        `Sandbox of the landing-page service on ${started.appUrl} (projects: ${started.context.store.accounts
          .projects()
          .map((project) => `${project.name}, ${project.plan}`)
          .join('; ')})`,
    );
    const service = sandbox;
    receiver = await step(
      'Starting the hook receiver',
      // The first delivery reaches the Zap, but the sender sees 503, as on a timeout.
      () => startReceiver((n) => (n === 1 ? 503 : 200)),
      (started) =>
        `Hook receiver standing in for Zapier on ${started.url} (answers the first delivery 503, as on a timeout)`,
    );
    const hooks = receiver;
    runtime = await step(
      "Starting the stand-in for Zapier's cache",
      () => startZapierRuntime(),
      (started) =>
        `Zapier's cache (set-if-absent) and log endpoint standing in on ${new URL(started.rpcBase).origin}`,
    );
    const zapierRuntime = runtime;
    const zapId = `zap_${randomBytes(6).toString('hex')}`;
    if (ZAP_PAGE === undefined || OTHER_PAGE === undefined) {
      throw new LifecycleError('Starting', 'the sandbox seeds fewer than two pages');
    }
    /**
     * Runs perform on a delivery through core's Lambda handler, in the live
     * Zap, and prints what the app logged (core also echoes it to the
     * console: silenced here, so the transcript shows it once).
     */
    const performOn = async (request: ReceivedRequest, app: App): Promise<Lead[]> => {
      const loggedBefore = zapierRuntime.consoleLines.length;
      /* eslint-disable no-console */
      const echo = console.log;
      console.log = () => undefined;
      try {
        return await zapierRuntime.invoke<Lead[]>(app, PERFORM, {
          cleanedRequest: JSON.parse(request.body) as unknown,
          rawRequest: {
            method: 'POST',
            headers: request.headers as Record<string, string>,
            content: request.body,
            querystring: '',
          },
          inputData: { page: ZAP_PAGE.name },
          meta: { zap: { id: zapId } },
        });
      } finally {
        console.log = echo;
        /* eslint-enable no-console */
        for (const line of zapierRuntime.consoleLines.slice(loggedBefore)) {
          print(`    log: ${line}`);
        }
      }
    };

    const app = await step(
      'Loading the built app',
      () => {
        process.env.BASE_URL = service.apiBaseUrl;
        process.env.APP_URL = service.appUrl;
        process.env.CLIENT_ID = service.client.id;
        process.env.OAUTH_PKCE = String(options.pkce);
        if (options.pkce) {
          delete process.env.CLIENT_SECRET; // a public client has none
        } else {
          process.env.CLIENT_SECRET = service.client.secret;
        }
        const entry = join(options.appDir, 'dist', 'app.js');
        if (!existsSync(entry)) {
          throw new Error(`the app is not built: ${entry} is missing (npm run build)`);
        }
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const built = require(entry) as {
          createApp: typeof createApp;
        };
        const loaded: App = built.createApp({ pkce: options.pkce });
        if (loaded.authentication?.oauth2Config?.enablePkce !== options.pkce) {
          throw new Error('the definition does not have the PKCE setting asked for');
        }
        return Promise.resolve(loaded);
      },
      (loaded) =>
        `Built app ${loaded.version} loaded from dist/ on zapier-platform-core ${loaded.platformVersion}, ` +
        (options.pkce ? 'PKCE mode (no client secret)' : 'client-secret mode'),
    );
    const tester = zapier.createAppTester(app);
    const oauth2 = app.authentication?.oauth2Config;
    const authentication = app.authentication;
    const trigger = app.triggers?.new_lead;
    if (authentication === undefined || oauth2 === undefined) {
      throw new LifecycleError(
        'Loading the built app',
        'it has no OAuth 2.0 authentication',
      );
    }
    if (
      trigger === undefined ||
      trigger.operation.type !== 'hook' ||
      !('perform' in trigger.operation)
    ) {
      throw new LifecycleError('Loading the built app', 'new_lead is not a hook trigger');
    }
    const hook = trigger.operation;

    const state = randomBytes(16).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    const authorizeUrl = await step(
      'Building the authorize URL',
      async () => {
        const url = new URL(
          await tester(operation<string>(oauth2.authorizeUrl, 'authorizeUrl'), {
            inputData: { redirect_uri: ZAPIER_REDIRECT_URI, state },
          }),
        );
        if (oauth2.enablePkce) {
          // What Zapier adds itself when enablePkce is on.
          url.searchParams.set('code_challenge', s256(codeVerifier));
          url.searchParams.set('code_challenge_method', 'S256');
        }
        return url;
      },
      (url) =>
        `Authorize URL ${url.origin}${url.pathname} asks for scope ${url.searchParams.get('scope') ?? '?'}` +
        (oauth2.enablePkce ? ' with an S256 code challenge' : ''),
    );

    const code = await step(
      'Approving on the consent page',
      async () => {
        const page = await fetch(authorizeUrl);
        const html = await page.text();
        if (page.status !== 200 || !html.includes(PAID_PROJECT.name)) {
          throw new Error(`the consent page did not open (HTTP ${page.status})`);
        }
        const decision = await fetch(new URL('/oauth/authorize', authorizeUrl), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            consent_id: hiddenField(html, 'consent_id'),
            decision: 'approve',
          }),
          redirect: 'manual',
        });
        const location = new URL(decision.headers.get('location') ?? 'about:blank');
        if (decision.status !== 302 || !location.href.startsWith(ZAPIER_REDIRECT_URI)) {
          throw new Error(`Approve did not redirect to Zapier (HTTP ${decision.status})`);
        }
        if (location.searchParams.get('state') !== state) {
          throw new Error('the redirect carried another state than the one sent');
        }
        const received = location.searchParams.get('code');
        if (!received) {
          throw new Error('the redirect carried no code');
        }
        return received;
      },
      () =>
        `Ada Lovelace approved on the consent page of ${PAID_PROJECT.name}; redirected back with a code and the same state`,
    );

    let authData = await step(
      'Exchanging the code',
      () =>
        tester(operation<AuthData>(oauth2.getAccessToken, 'getAccessToken'), {
          inputData: {
            code,
            state,
            redirect_uri: ZAPIER_REDIRECT_URI,
            ...(oauth2.enablePkce ? { code_verifier: codeVerifier } : {}),
          },
        }),
      (tokens) =>
        `Code exchanged with ${options.pkce ? 'code_verifier' : 'client_secret'}: access token ` +
        `${fingerprint(tokens.access_token)} (expires in ${ttl} s), refresh token ${fingerprint(tokens.refresh_token)}`,
    );
    const refreshTokens = new Set([authData.refresh_token]);
    /** When the current access token expires: every refresh moves it. */
    let accessExpiresAt = Date.now() + ttl * 1000;

    const refresh = async (current: AuthData): Promise<AuthData> => {
      const renewed = await tester(
        operation<AuthData>(oauth2.refreshAccessToken, 'refreshAccessToken'),
        { authData: current },
      );
      accessExpiresAt = Date.now() + ttl * 1000;
      return renewed;
    };
    /** As Zapier does: on RefreshAuthError, refresh once and retry. */
    const withAuth = async <T>(run: (auth: AuthData) => Promise<T>): Promise<T> => {
      try {
        return await run(authData);
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'RefreshAuthError') {
          throw error;
        }
        authData = await refresh(authData);
        refreshTokens.add(authData.refresh_token);
        print('  (the access token expired meanwhile: refreshed, as Zapier would)');
        return run(authData);
      }
    };

    const label = await step(
      'Testing the connection',
      () =>
        withAuth(async (auth) => {
          const me = await tester(
            operation<Record<string, unknown>>(authentication.test, 'test'),
            { authData: auth },
          );
          return renderLabel(authentication.connectionLabel, me);
        }),
      (text) => `Connection test passed; Zapier labels the connection "${text}"`,
    );

    const subscription = await step(
      'Subscribing New Lead',
      () =>
        withAuth(async (auth) => {
          const data = await tester(
            operation<{ id: string }>(hook.performSubscribe, 'performSubscribe'),
            {
              authData: auth,
              targetUrl: hooks.url,
            },
          );
          const stored = service.context.store.webhooks
            .list()
            .find((webhook) => webhook.id === data.id);
          if (stored?.url !== hooks.url) {
            throw new Error(`the sandbox holds no webhook ${data.id} for the hook URL`);
          }
          return data;
        }),
      (data) =>
        `Zap turned on: webhook ${data.id} sends lead.created to the hook receiver`,
    );

    const submitted = await step(
      'Submitting a lead',
      async () => {
        const response = await fetch(`${service.appUrl}/_sandbox/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            page_id: ZAP_PAGE.id,
            email: 'grace.hopper@example.org',
            firstName: 'Grace',
            lastName: 'Hopper',
            phone: '+1 202 555 0143',
            fields: {
              company: 'Harvard Computation Lab',
              message: 'Count me in for the beta.',
            },
            utm: { source: 'newsletter', medium: 'email', campaign: 'spring-launch' },
            consent: true,
          }),
        });
        if (response.status !== 201) {
          throw new Error(`the sandbox answered HTTP ${response.status}`);
        }
        return ((await response.json()) as { lead: { id: string } }).lead;
      },
      (lead) => `Lead ${lead.id} submitted on the page "${ZAP_PAGE.name}"`,
    );

    const delivery = await step(
      'Waiting for the delivery',
      () => hooks.next(10_000),
      (request) =>
        `Delivered to the hook receiver: ${request.method} ${request.headers['content-type'] ?? ''}, ` +
        `${request.body.length} bytes; the receiver answered 503`,
    );

    const lead = await step(
      'Running perform on the delivery',
      async () => {
        const items = await performOn(delivery, app);
        if (items.length !== 1 || items[0]?.id !== submitted.id) {
          throw new Error(
            `expected lead ${submitted.id}, got ${JSON.stringify(items.map((item) => item.id))}`,
          );
        }
        return items[0];
      },
      (item) =>
        `perform (Zap ${zapId}, Page "${ZAP_PAGE.name}") turned the delivery into 1 lead (${item.id}); Zapier shows:`,
    );
    const labels = new Map(
      (hook.outputFields ?? []).flatMap((field) =>
        typeof field === 'object' && 'key' in field
          ? [[field.key, field.label ?? field.key] as const]
          : [],
      ),
    );
    for (const [key, value] of Object.entries(lead)) {
      print(`    ${labels.get(key) ?? humanize(key)}: ${show(value)}`);
    }

    const redeliveryItems = await step(
      'Recognising the redelivery',
      async () => {
        const retry = await hooks.next(10_000);
        if (
          retry.headers['x-sandbox-delivery'] !== delivery.headers['x-sandbox-delivery']
        ) {
          throw new Error('the second request was not a retry of the same delivery');
        }
        const items = await performOn(retry, app);
        if (items.length !== 0) {
          throw new Error(
            `the Zap would run again: perform gave ${items.length} item(s)`,
          );
        }
        const said = `New Lead skipped lead ${submitted.id}: this Zap already received it`;
        if (!zapierRuntime.consoleLines.some((line) => line.startsWith(said))) {
          throw new Error('perform did not log why it skipped the lead');
        }
        await service.context.deliverer.idle();
        const attempts = service.context.store.leads.attempts({
          leadId: submitted.id,
        });
        return {
          items,
          attempts: attempts.map((attempt) => attempt.statusCode).join(', '),
        };
      },
      ({ attempts }) =>
        `The sandbox retried (answers: ${attempts}); perform recognised the redelivery and ` +
        `returned no item: the Zap ran once for lead ${submitted.id}`,
    );

    const otherPageItems = await step(
      'Keeping out a lead from another page',
      async () => {
        const response = await fetch(`${service.appUrl}/_sandbox/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            page_id: OTHER_PAGE.id,
            email: 'alan.turing@example.org',
          }),
        });
        if (response.status !== 201) {
          throw new Error(`the sandbox answered HTTP ${response.status}`);
        }
        const items = await performOn(await hooks.next(10_000), app);
        if (items.length !== 0) {
          throw new Error(
            `perform let through ${items.length} lead(s) from "${OTHER_PAGE.name}"`,
          );
        }
        return items;
      },
      () =>
        `A lead from "${OTHER_PAGE.name}" was delivered; perform kept it out (the Zap's Page is "${ZAP_PAGE.name}")`,
    );

    await step(
      'Refreshing an expired access token',
      async () => {
        await sleep(Math.max(0, accessExpiresAt - Date.now()) + 250);
        const before = authData;
        try {
          await tester(operation<unknown>(authentication.test, 'test'), {
            authData: before,
          });
          throw new Error('the sandbox still accepted the expired access token');
        } catch (error) {
          if (!(error instanceof Error) || error.name !== 'RefreshAuthError') {
            throw error;
          }
        }
        const after = await refresh(before);
        if (after.refresh_token === before.refresh_token) {
          throw new Error('the refresh token was not rotated');
        }
        // Using `before` again would now revoke the whole family (test/sandbox covers it).
        await tester(operation<unknown>(authentication.test, 'test'), {
          authData: after,
        });
        authData = after;
        refreshTokens.add(after.refresh_token);
        return { before, after };
      },
      ({ before, after }) =>
        `Access token expired (401): refreshed, refresh token rotated ${fingerprint(before.refresh_token)} → ` +
        `${fingerprint(after.refresh_token)}`,
    );

    await step(
      'Unsubscribing New Lead',
      () =>
        withAuth((auth) =>
          tester(operation<unknown>(hook.performUnsubscribe, 'performUnsubscribe'), {
            authData: auth,
            subscribeData: subscription,
          }),
        ),
      () => `Zap turned off: webhook ${subscription.id} deleted`,
    );

    await step(
      'Checking the sandbox',
      async () => {
        const response = await fetch(`${service.appUrl}/_sandbox/webhooks`);
        const webhooks = (await response.json()) as { id: string }[];
        if (webhooks.some((webhook) => webhook.id === subscription.id)) {
          throw new Error(`the sandbox still holds webhook ${subscription.id}`);
        }
        return webhooks.length;
      },
      (left) =>
        `The sandbox no longer holds webhook ${subscription.id} (${left} webhook(s) left)`,
    );

    return {
      label,
      lead,
      redeliveryItems: redeliveryItems.items,
      otherPageItems,
      refreshTokensSeen: refreshTokens.size,
    };
  } finally {
    await runtime?.close();
    await receiver?.close();
    await sandbox?.close();
    for (const key of ENV_KEYS) {
      if (savedEnv[key] === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = savedEnv[key];
      }
    }
  }
}

/**
 * The whole life of a Zap, end to end: the built app (dist/) driven through
 * the real zapier-platform-core runtime, against the sandbox, over real HTTP
 * on loopback. The run is the list of steps below; each prints one line, and
 * the first failure stops the run, naming its step.
 */
import { PAGES } from '../sandbox/seed';
import type { Lead } from '../src/leads/fields';
import { loadTheBuiltApp } from './steps/app';
import { checkAnotherAccount, openZapEditor } from './steps/editor';
import {
  approveAsAda,
  buildAuthorizeUrl,
  exchangeCode,
  testConnection,
} from './steps/connect';
import {
  awaitDelivery,
  keepOutOtherPage,
  performOnDelivery,
  recogniseRedelivery,
  submitOnZapPage,
} from './steps/leads';
import { refreshExpiredToken, refuseRotatedOutToken } from './steps/refresh';
import {
  startTheHookReceiver,
  startTheSandbox,
  startZapiersRuntime,
} from './steps/services';
import { checkWebhookGone, subscribe, unsubscribe } from './steps/subscription';
import { Transcript } from './transcript';
import type { Print } from './transcript';
import { useSandboxSettings } from '../harness/zapier/environment';
import { LiveZap } from '../harness/zapier/live-zap';
import { ZapEditor } from '../harness/zapier/zap-editor';

export interface LifecycleOptions {
  pkce: boolean;
  /** Where the built app is: the folder holding dist/. */
  appDir: string;
  /** Lifetime of the sandbox's access tokens: short, so the refresh path runs. */
  accessTokenTtlSeconds?: number;
  print?: Print;
}

/** What must never be printed, for the tests to check that it was not. */
export interface SecretsOfTheRun {
  clientSecret: string;
  authorizationCode: string;
  /** Every access and refresh token the connection held. */
  tokens: string[];
}

export interface LifecycleResult {
  label: string;
  lead: Lead;
  secrets: SecretsOfTheRun;
}

/** The Zap's Page setting, and a page it does not choose. */
const [ZAP_PAGE, OTHER_PAGE] = PAGES;

/** Ada's connected account on Zapier, and another account of the same Zapier app. */
const ADAS_CONNECTION = { id: 'auth_ada', user: 'user_ada' };
const ANOTHER_CONNECTION = { id: 'auth_other', user: 'user_other' };

interface Closable {
  close(): Promise<void>;
}

export async function runLifecycle(options: LifecycleOptions): Promise<LifecycleResult> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const ttl = options.accessTokenTtlSeconds ?? 3;
  const transcript = new Transcript(print);
  const running: Closable[] = [];
  let restoreSettings: (() => void) | undefined;
  const step = transcript.step.bind(transcript);

  try {
    if (ZAP_PAGE === undefined || OTHER_PAGE === undefined) {
      throw new Error('the sandbox seeds fewer than two pages');
    }
    const sandbox = await step('Starting the sandbox', () => startTheSandbox(ttl));
    running.push(sandbox);
    const hooks = await step('Starting the hook receiver', startTheHookReceiver);
    running.push(hooks);
    const runtime = await step(
      "Starting the stand-in for Zapier's runtime",
      startZapiersRuntime,
    );
    running.push(runtime);

    restoreSettings = useSandboxSettings(sandbox, options.pkce);
    const app = await step('Loading the built app', () =>
      loadTheBuiltApp(options.appDir, options.pkce),
    );
    const request = await step('Building the authorize URL', () =>
      buildAuthorizeUrl(app),
    );
    const code = await step('Approving on the consent page', () => approveAsAda(request));
    const auth = await step('Exchanging the code', () =>
      exchangeCode(app, request, code, ttl, () =>
        transcript.aside(
          'the access token expired meanwhile: refreshed, as Zapier would',
        ),
      ),
    );
    const label = await step('Testing the connection', () => testConnection(app, auth));
    const subscription = await step('Subscribing New Lead', () =>
      subscribe(app, auth, sandbox, hooks.url),
    );
    const zap = new LiveZap(
      runtime,
      app,
      ADAS_CONNECTION,
      subscription,
      ZAP_PAGE,
      (line) => transcript.detail(`log: ${line}`),
    );

    const submitted = await step('Submitting a lead', () =>
      submitOnZapPage(sandbox, zap),
    );
    const delivery = await step('Waiting for the delivery', () => awaitDelivery(hooks));
    const lead = await step('Running perform on the delivery', () =>
      performOnDelivery(zap, delivery, submitted, app.outputLabels()),
    );
    await step('Opening the Zap editor', () =>
      openZapEditor(new ZapEditor(runtime, app, ADAS_CONNECTION), ZAP_PAGE, lead),
    );
    await step("Opening another account's Zap editor", () =>
      checkAnotherAccount(new ZapEditor(runtime, app, ANOTHER_CONNECTION)),
    );
    await step('Recognising the redelivery', () =>
      recogniseRedelivery(zap, hooks, delivery, submitted, sandbox),
    );
    await step('Keeping out a lead from another page', () =>
      keepOutOtherPage(zap, hooks, sandbox, OTHER_PAGE),
    );

    const rotation = await step('Refreshing an expired access token', () =>
      refreshExpiredToken(app, auth),
    );
    await step('Unsubscribing New Lead', () => unsubscribe(app, auth, subscription));
    await step('Checking the sandbox', () => checkWebhookGone(sandbox, subscription));
    await step('Presenting the rotated-out refresh token', () =>
      refuseRotatedOutToken(sandbox, rotation, options.pkce),
    );

    return {
      label,
      lead,
      secrets: {
        clientSecret: sandbox.client.secret,
        authorizationCode: code,
        tokens: [...auth.issued],
      },
    };
  } finally {
    for (const service of running.reverse()) {
      await service.close();
    }
    restoreSettings?.();
  }
}

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
  adaApproves,
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
import { listenForHooks, serveSandbox, standInForZapier } from './steps/services';
import { checkWebhookGone, subscribe, unsubscribe } from './steps/subscription';
import { Transcript } from './transcript';
import type { Print } from './transcript';
import { pointAppAtSandbox } from '../harness/zapier/environment';
import { LiveZap } from '../harness/zapier/live-zap';
import type { LandingPage } from '../harness/zapier/live-zap';
import type { Subscription } from '../harness/zapier/built-app';
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

/** The sandbox's clock: real time, moved on to pass the refresh token's grace. */
class SandboxClock {
  private offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  moveOn(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** The services the run talks to, each closed when the run ends. */
async function startServices(transcript: Transcript, ttl: number, running: Closable[]) {
  const clock = new SandboxClock();
  const sandbox = await transcript.step('Starting the sandbox', () =>
    serveSandbox(ttl, clock.now),
  );
  running.push(sandbox);
  const hooks = await transcript.step('Starting the hook receiver', listenForHooks);
  running.push(hooks);
  const runtime = await transcript.step(
    "Starting the stand-in for Zapier's runtime",
    standInForZapier,
  );
  running.push(runtime);
  return { sandbox, hooks, runtime, clock };
}

/** Ada connects her account, as in the Zap editor's "Sign in". */
async function connectAda(
  transcript: Transcript,
  options: LifecycleOptions,
  ttl: number,
) {
  const step = transcript.step.bind(transcript);
  const app = await step('Loading the built app', () =>
    loadTheBuiltApp(options.appDir, options.pkce),
  );
  const request = await step('Building the authorize URL', () => buildAuthorizeUrl(app));
  const code = await step('Approving on the consent page', () => adaApproves(request));
  const auth = await step('Exchanging the code', () =>
    exchangeCode(app, request, code, ttl, () =>
      transcript.aside('the access token expired meanwhile: refreshed, as Zapier would'),
    ),
  );
  const label = await step('Testing the connection', () => testConnection(app, auth));
  return { app, code, auth, label };
}

type Services = Awaited<ReturnType<typeof startServices>>;
type Connected = Awaited<ReturnType<typeof connectAda>>;

/** The Zap on: a lead delivered and run once, the Zap editor, a redelivery, another page. */
async function runTheZap(
  transcript: Transcript,
  { sandbox, hooks, runtime }: Services,
  { app, auth }: Connected,
  zapPage: LandingPage,
  otherPage: LandingPage,
) {
  const step = transcript.step.bind(transcript);
  const subscription = await step('Subscribing New Lead', () =>
    subscribe(app, auth, sandbox, hooks.url),
  );
  const zap = new LiveZap(runtime, app, ADAS_CONNECTION, subscription, zapPage, (line) =>
    transcript.detail(`log: ${line}`),
  );
  const submitted = await step('Submitting a lead', () => submitOnZapPage(sandbox, zap));
  const delivery = await step('Waiting for the delivery', () => awaitDelivery(hooks));
  const lead = await step('Running perform on the delivery', () =>
    performOnDelivery(zap, delivery, submitted, app.outputLabels()),
  );
  await step('Opening the Zap editor', () =>
    openZapEditor(new ZapEditor(runtime, app, ADAS_CONNECTION), zapPage, lead),
  );
  await step("Opening another account's Zap editor", () =>
    checkAnotherAccount(new ZapEditor(runtime, app, ANOTHER_CONNECTION)),
  );
  await step('Recognising the redelivery', () =>
    recogniseRedelivery(zap, hooks, delivery, submitted, sandbox),
  );
  await step('Keeping out a lead from another page', () =>
    keepOutOtherPage(zap, hooks, sandbox, otherPage),
  );
  return { subscription, lead };
}

/** A refresh in two runs at once, the Zap off, and the rotated-out token refused after the grace. */
async function refreshAndTurnOff(
  transcript: Transcript,
  { sandbox, clock }: Services,
  { app, auth }: Connected,
  subscription: Subscription,
  pkce: boolean,
): Promise<void> {
  const step = transcript.step.bind(transcript);
  const rotation = await step(
    'Refreshing an expired access token in two runs at once',
    () => refreshExpiredToken(app, auth),
  );
  await step('Unsubscribing New Lead', () => unsubscribe(app, auth, subscription));
  await step('Checking the sandbox', () => checkWebhookGone(sandbox, subscription));
  await step('Presenting the rotated-out refresh token after the grace', () =>
    refuseRotatedOutToken(sandbox, rotation, pkce, () =>
      clock.moveOn(sandbox.context.settings.refreshTokenGraceSeconds + 1),
    ),
  );
}

export async function runLifecycle(options: LifecycleOptions): Promise<LifecycleResult> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const ttl = options.accessTokenTtlSeconds ?? 3;
  const transcript = new Transcript(print);
  const running: Closable[] = [];
  let restoreSettings: (() => void) | undefined;
  try {
    if (ZAP_PAGE === undefined || OTHER_PAGE === undefined) {
      throw new Error('the sandbox seeds fewer than two pages');
    }
    const services = await startServices(transcript, ttl, running);
    restoreSettings = pointAppAtSandbox(services.sandbox, options.pkce);
    const connected = await connectAda(transcript, options, ttl);
    const { subscription, lead } = await runTheZap(
      transcript,
      services,
      connected,
      ZAP_PAGE,
      OTHER_PAGE,
    );
    await refreshAndTurnOff(transcript, services, connected, subscription, options.pkce);
    return {
      label: connected.label,
      lead,
      secrets: {
        clientSecret: services.sandbox.client.secret,
        authorizationCode: connected.code,
        tokens: [...connected.auth.issued],
      },
    };
  } finally {
    for (const service of running.reverse()) {
      await service.close();
    }
    restoreSettings?.();
  }
}

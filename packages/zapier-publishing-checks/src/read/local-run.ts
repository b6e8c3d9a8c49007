/**
 * Local runs: each visible trigger's `perform` (a hook's on a recorded
 * delivery) and a hook's `performList`, through core's Lambda handler, as
 * Zapier runs them, with every outside request refused. Their items stand in
 * for the live results Zapier's T00x and Z001 checks look at.
 */
import type { RunMethod, RunOutcome, StepRun } from '../input';
import type { AppDefinition, Step } from '../shared/definition';
import {
  hasPerformList,
  isHookTrigger,
  isRecord,
  staticFields,
  visibleSteps,
} from '../shared/definition';
import { messageOf, withoutCoreDetails } from '../shared/messages';
import type { Called } from './bounded-call';
import { ZAPIER_STEP_TIMEOUT_MS, callBounded } from './bounded-call';
import type { LambdaHandler } from './lambda-handler';

/** A step's call through core's handler, bounded at `timeoutMs` (bounded-call.ts). */
interface BoundedCall {
  call: (event: Record<string, unknown>) => Promise<Called>;
  timeoutMs: number;
}

/** Why a run that can never finish was not judged. */
export const NEVER_SETTLES =
  "it never finished: the app's code left a promise that never settles, with nothing else to wait for (Zapier would stop it at 30 s)";

/** What to say of an error that carries no message. */
export const emptyMessageOf = (error: unknown) =>
  error instanceof Error
    ? `${error.name} without a message`
    : `${JSON.stringify(error) ?? String(error)}, thrown without a message`;

/** Core's own checks of a result (an item without id, …): the app's fault, whatever its input. */
const isCoreResultCheck = (message: string) => /Invalid API Response/.test(message);

/**
 * What a local call came to. `needsWhatItLacks`: the run had neither the
 * user's connection nor the step's required input, which a live run has.
 * Its failure then decides nothing (Zapier judges on a live run), unless
 * core's own result checks raised it.
 */
function outcomeOf(
  called: Called,
  needsWhatItLacks: string | undefined,
  timeoutMs: number,
): RunOutcome {
  switch (called.kind) {
    case 'done':
      return Array.isArray(called.results) && called.results.every(isRecord)
        ? { kind: 'items', items: called.results }
        : {
            kind: 'failed',
            error: `it returned ${JSON.stringify(called.results)}, not a list of objects`,
          };
    case 'never settles':
      return { kind: 'not run', reason: NEVER_SETTLES };
    case 'timed out':
      return {
        kind: 'not run',
        reason: `it did not finish within ${timeoutMs / 1000} s, where Zapier stops a step`,
      };
    case 'threw':
      break;
  }
  const message =
    withoutCoreDetails(messageOf(called.error)) || emptyMessageOf(called.error);
  if (/Disallowed net connect/.test(message)) {
    return { kind: 'not run', reason: offlineReason(message) };
  }
  if (needsWhatItLacks !== undefined && !isCoreResultCheck(message)) {
    return {
      kind: 'not run',
      reason: `it needs ${needsWhatItLacks}, which a local run does not have (it stopped with: ${message})`,
    };
  }
  return { kind: 'failed', error: message };
}

async function run(
  bounded: BoundedCall,
  path: string,
  method: RunMethod,
  bundle: Record<string, unknown>,
  needsWhatItLacks: string | undefined,
): Promise<StepRun> {
  const logged = captureConsoleLog();
  const called = await bounded.call({
    command: 'execute',
    method: `${path}.operation.${method}`,
    bundle,
    // Zapier's cache and cursor, kept in memory for the run, as core's own app
    // tester keeps them: a live run has both, and an app may use them.
    zcacheTestObj: {},
    cursorTestObj: {},
  });
  const outcome = outcomeOf(called, needsWhatItLacks, bounded.timeoutMs);
  const lines = logged.stop();
  if (outcome.kind === 'failed' && lines.length > 0) {
    // What the app said about its failure is part of the failure.
    outcome.error += `; it logged: ${lines.slice(0, 3).join(' | ')}`;
  }
  return { path, method, outcome };
}

/** An address built from a value the run did not have: `https://undefined/…`, `…/null/…`. */
const MISSING_VALUE_IN_ADDRESS = /\b(?:https?:\/\/|\/)(?:undefined|null)(?=[/?:#"\s]|$)/;

/**
 * Why a run that reached for the network could not go on: the network, or
 * first a value of the user's connection or input that a local run lacks.
 */
function offlineReason(message: string): string {
  return MISSING_VALUE_IN_ADDRESS.test(message)
    ? `it needs a value of the user's connection or input to build its address, which a local run does not have (${message})`
    : `it needs the network (${message})`;
}

/**
 * What the app logs during a run (core echoes `z.console.log` to
 * `console.log`): printed as it comes (on stderr, where the app's output
 * goes while the checks run), and kept to be shown with a failure.
 */
export function captureConsoleLog(redact?: (text: string) => string): {
  stop: () => string[];
} {
  const lines: string[] = [];
  // eslint-disable-next-line no-console -- replaced for the run, then restored
  const original = console.log;
  // eslint-disable-next-line no-console -- the app's log lines, collected
  console.log = (...parts: unknown[]) => {
    const line = parts
      .map((part) => (typeof part === 'string' ? part : String(part)))
      .join(' ')
      .trim();
    if (redact === undefined) {
      original(...parts);
    } else {
      // A live run's log can hold the connection's values: printed without them.
      original(redact(line));
    }
    lines.push(redact === undefined ? line : redact(line));
  };
  return {
    stop: () => {
      // eslint-disable-next-line no-console -- restored
      console.log = original;
      return lines.filter((line) => line !== '');
    },
  };
}

/** What a live run of the step has and a local run lacks: the user's connection, the step's required input. */
function whatALocalRunLacks(definition: AppDefinition, step: Step): string | undefined {
  const lacks = [
    ...(definition.authentication === undefined ? [] : ["the user's connection"]),
    ...(staticFields(step.definition.operation?.inputFields).some(
      (field) => field.required === true,
    )
      ? ['its required input']
      : []),
  ];
  return lacks.length === 0 ? undefined : lacks.join(' and ');
}

export function deliveryBundle(delivery: unknown): Record<string, unknown> {
  return {
    inputData: {},
    authData: {},
    cleanedRequest: delivery,
    rawRequest: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      content: JSON.stringify(delivery),
      querystring: '',
    },
    meta: { isLoadingSample: false },
  };
}

const notRunOffline = (step: Step): StepRun => ({
  path: step.path,
  method: 'perform',
  outcome: {
    kind: 'not run',
    reason: `a ${step.kind} needs a user's input and the service`,
  },
});

export const SAMPLE_LOADING_BUNDLE = {
  inputData: {},
  authData: {},
  meta: { isLoadingSample: true },
};

async function runsOf(
  handler: BoundedCall,
  step: Step,
  deliveries: ReadonlyMap<string, unknown>,
  lacks: string | undefined,
): Promise<StepRun[]> {
  if (!isHookTrigger(step)) {
    return [await run(handler, step.path, 'perform', SAMPLE_LOADING_BUNDLE, lacks)];
  }
  const runs: StepRun[] = [];
  if (hasPerformList(step)) {
    runs.push(await run(handler, step.path, 'performList', SAMPLE_LOADING_BUNDLE, lacks));
  }
  runs.push(
    deliveries.has(step.key)
      ? await run(
          handler,
          step.path,
          'perform',
          deliveryBundle(deliveries.get(step.key)),
          lacks,
        )
      : {
          path: step.path,
          method: 'perform',
          outcome: {
            kind: 'not run',
            reason: `no recorded delivery: pass --delivery ${step.key}=<file.json>`,
          },
        },
  );
  return runs;
}

/**
 * Runs every visible trigger offline; visible searches and creates are
 * recorded as not run (they need a user's input and the service). `deliveries`
 * maps a hook trigger's key to the body of a recorded delivery.
 */
export async function runStepsOffline(
  handler: LambdaHandler,
  definition: AppDefinition,
  deliveries: ReadonlyMap<string, unknown>,
  timeoutMs = ZAPIER_STEP_TIMEOUT_MS,
): Promise<StepRun[]> {
  const bounded: BoundedCall = {
    call: (event) => callBounded(handler, event, timeoutMs),
    timeoutMs,
  };
  const steps = visibleSteps(definition);
  if (!steps.some((step) => step.kind === 'trigger')) {
    return steps.map(notRunOffline);
  }
  // Loaded only when a trigger runs: nock takes tens of milliseconds to load.
  const { default: nock } = await import('nock');
  const wasActive = nock.isActive();
  if (!wasActive) {
    nock.activate();
  }
  nock.disableNetConnect();
  try {
    const runs: StepRun[] = [];
    for (const step of steps) {
      runs.push(
        ...(step.kind === 'trigger'
          ? await runsOf(bounded, step, deliveries, whatALocalRunLacks(definition, step))
          : [notRunOffline(step)]),
      );
    }
    return runs;
  } finally {
    nock.enableNetConnect();
    if (!wasActive) {
      nock.restore();
    }
  }
}

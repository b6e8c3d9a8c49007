/**
 * Live runs (`--live`): what a Zap's test runs, on the developer's own
 * connection (the app's `.env`, as `zapier-platform invoke` reads it),
 * through core's Lambda handler with its middleware: the connection test,
 * each visible polling trigger's `perform` and each hook trigger's
 * `performList` (`bundle.meta.isLoadingSample`), a hook's `perform` on a
 * recorded delivery, a search's `perform` on the input given for it. A
 * create never runs: a check must not make records in someone's account.
 *
 * Each call is bounded as Zapier bounds a step (30 s); when the connection
 * test gets no answer in that time, or cannot reach the API, no step is
 * called, each of which would wait as long. A stale token
 * (core's RefreshAuthError) is refreshed as Zapier does, with the app's
 * `refreshAccessToken` (OAuth2) or `sessionConfig.perform` (session), and
 * the call made once more; the new credentials are appended to the env
 * file as `invoke auth refresh` appends them, so the connection survives a
 * service that rotates its refresh tokens. No value of the connection, nor
 * of a secret-named variable, appears in what this returns or lets the app
 * print.
 */
import { isAbsolute, relative } from 'node:path';

import type { RunOutcome, StepRun } from '../input';
import type { AppDefinition, Step } from '../shared/definition';
import {
  hasPerformList,
  isHookTrigger,
  isRecord,
  staticFields,
  visibleSteps,
} from '../shared/definition';
import { codeOf, messageOf, withoutCoreDetails } from '../shared/messages';
import type { EnvFile } from './env-file';
import { AUTH_FIELD_ENV_PREFIX, appendAuthData } from './env-file';
import type { Called } from './bounded-call';
import { ZAPIER_STEP_TIMEOUT_MS, callBounded } from './bounded-call';
import type { LambdaHandler } from './lambda-handler';
import {
  SAMPLE_LOADING_BUNDLE,
  captureConsoleLog,
  deliveryBundle,
  NEVER_SETTLES,
  emptyMessageOf,
} from './local-run';

export interface LiveRunOptions {
  env: EnvFile;
  /** The app's folder: the env file is named from it when it lies inside. */
  appDir: string;
  /** A step's input (`inputData`), by the key of a trigger or search. */
  inputs: ReadonlyMap<string, Record<string, unknown>>;
  /** A recorded delivery's body, by a hook trigger's key. */
  deliveries: ReadonlyMap<string, unknown>;
  /** How long one call may take: Zapier's 30 s unless a test asks for less. */
  timeoutMs?: number;
  /** Told each method before its call, which may take that long. */
  onCall?: (method: string) => void;
}

/** What a live run did with the connection, besides the steps' runs. */
export interface LiveReport {
  /** The env file, as the app's folder sees it. */
  env: string;
  /** The connection test: `passed`, why it did not, or undefined when the app has none. */
  connectionTest?: string;
  /** The `authData_…` names appended to the env file after a refresh. */
  written: string[];
}

export interface LiveRuns {
  runs: StepRun[];
  report: LiveReport;
}

const SECRET_NAME = /secret|token|key|password|passwd|credential|auth/i;

/** Every text value of a connection, at any depth. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') {
    return [value];
  }
  if (typeof value === 'number') {
    return [String(value)];
  }
  if (Array.isArray(value)) {
    return value.flatMap(textsOf);
  }
  return isRecord(value) ? Object.values(value).flatMap(textsOf) : [];
}

/** The values a printed line must not hold: the connection's, and secret-named variables'. */
class Secrets {
  private readonly values = new Set<string>();

  add(value: unknown): void {
    for (const text of textsOf(value)) {
      // A value too short is no secret, and hiding it would garble every line.
      if (text.length >= 4) {
        this.values.add(text);
      }
    }
  }

  readonly redact = (text: string): string =>
    [...this.values]
      .sort((a, b) => b.length - a.length)
      .reduce((line, secret) => line.split(secret).join('[redacted]'), text);
}

/** Core's message, without what it appends ("What happened", "Console logs"). */
const coreMessage = (error: unknown) =>
  withoutCoreDetails(messageOf(error).split(/\n\s*Console logs:/)[0] ?? '') ||
  emptyMessageOf(error);

const nameOf = (error: unknown) =>
  isRecord(error) && typeof error.name === 'string' ? error.name : '';

/** Whether a call stopped without reaching the API: no connection, no such host (node-fetch's and undici's errors). */
function unreachable(error: unknown): boolean {
  const code = codeOf(error);
  return (
    (code !== undefined && /^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) ||
    /^request to .* failed, reason:/.test(coreMessage(error))
  );
}

/** What an API's error body says, in a line: its message field, else its text. */
function detailOf(content: unknown): string {
  let said: unknown = content;
  if (typeof content === 'string') {
    try {
      said = JSON.parse(content) as unknown;
    } catch {
      said = content;
    }
  }
  if (isRecord(said)) {
    const fields = said;
    const field = ['error_description', 'message', 'error', 'detail', 'title']
      .map((key) => fields[key])
      .find((value) => typeof value === 'string' && value.trim() !== '');
    said = field ?? JSON.stringify(said);
  }
  const text = typeof said === 'string' ? said.replace(/\s+/g, ' ').trim() : '';
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The HTTP status and body an error carries: core's ResponseError, or an app's z.errors.Error with a status. */
function statusOf(error: unknown): { status: number; detail: string } | undefined {
  const name = nameOf(error);
  if (name !== 'ResponseError' && name !== 'AppError') {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(messageOf(error)) as unknown;
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.status !== 'number') {
    return undefined;
  }
  return {
    status: parsed.status,
    detail: detailOf(name === 'ResponseError' ? parsed.content : parsed.message),
  };
}

/** What an app's z.errors.Error says: core writes it as JSON (`{message, code, status}`). */
function appMessageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as unknown;
    return isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : text;
  } catch {
    return text;
  }
}

/** A call through core's handler, with Zapier's cache and cursor kept in memory for it, bounded (bounded-call.ts). */
const call = (
  handler: LambdaHandler,
  method: string,
  bundle: Record<string, unknown>,
  timeoutMs: number,
) =>
  callBounded(
    handler,
    { command: 'execute', method, bundle, zcacheTestObj: {}, cursorTestObj: {} },
    timeoutMs,
  );

/** One live run: the connection, refreshed at most once a call, and what each call came to. */
class LiveSession {
  private authData: Record<string, unknown>;
  private refreshFailure: string | undefined;
  /** Why no step is called: the connection test got no answer, or could not reach the API. */
  private stepsStopped: string | undefined;
  readonly written: string[] = [];
  readonly secrets = new Secrets();
  readonly envName: string;

  constructor(
    private readonly handler: LambdaHandler,
    private readonly definition: AppDefinition,
    private readonly env: EnvFile,
    appDir: string,
    private readonly timeoutMs: number,
    private readonly onCall: (method: string) => void,
  ) {
    this.authData = { ...env.authData };
    this.secrets.add(env.authData);
    for (const [name, value] of Object.entries(env.variables)) {
      if (SECRET_NAME.test(name)) {
        this.secrets.add(value);
      }
    }
    const inside = relative(appDir, env.path);
    this.envName = inside.startsWith('..') || isAbsolute(inside) ? env.path : inside;
  }

  /** The connection's fields, as `.env` names them (never their values). */
  private fields(): string {
    const names = Object.keys(this.env.authData).map(
      (field) => `${AUTH_FIELD_ENV_PREFIX}${field}`,
    );
    return names.length === 0 ? `no ${AUTH_FIELD_ENV_PREFIX}… line` : names.join(', ');
  }

  private refusal(what: string): string {
    return `the API refused the connection in ${this.envName} (${this.fields()}): ${what}`;
  }

  private get refreshMethod(): string | undefined {
    const type = this.definition.authentication?.type;
    if (type === 'oauth2') {
      return 'authentication.oauth2Config.refreshAccessToken';
    }
    return type === 'session' ? 'authentication.sessionConfig.perform' : undefined;
  }

  /** What a call came to, as a run's outcome: items, not run (and why), or failed. */
  outcomeOf(called: Called, refreshed: boolean): RunOutcome {
    const seconds = this.timeoutMs / 1000;
    if (called.kind === 'timed out') {
      return {
        kind: 'not run',
        reason: `the API did not answer within ${seconds} s, where Zapier stops a step`,
      };
    }
    if (called.kind === 'never settles') {
      return { kind: 'not run', reason: NEVER_SETTLES };
    }
    if (called.kind === 'done') {
      const { results } = called;
      return Array.isArray(results) && results.every(isRecord)
        ? { kind: 'items', items: results }
        : {
            kind: 'failed',
            error: this.secrets.redact(
              `it returned ${JSON.stringify(results)}, not a list of objects`,
            ),
          };
    }
    return this.errorOutcome(called.error, refreshed);
  }

  private errorOutcome(error: unknown, refreshed: boolean): RunOutcome {
    const notRun = (reason: string): RunOutcome => ({
      kind: 'not run',
      reason: this.secrets.redact(reason),
    });
    const name = nameOf(error);
    const message = coreMessage(error);
    if (name === 'RefreshAuthError') {
      const after = refreshed
        ? ', again after a refresh'
        : this.refreshFailure !== undefined
          ? `; refreshing it failed: ${this.refreshFailure}`
          : '';
      return notRun(`${this.refusal('401, a stale token')}${after}`);
    }
    if (name === 'ExpiredAuthError') {
      return notRun(
        `the connection in ${this.envName} has expired (${message}): make it again with zapier-platform invoke auth start`,
      );
    }
    const answered = statusOf(error);
    if (answered !== undefined) {
      const what = `${answered.status}${answered.detail === '' ? '' : ` ${answered.detail}`}`;
      return notRun(
        answered.status === 401 || answered.status === 403
          ? this.refusal(what)
          : `the API answered ${what}`,
      );
    }
    if (name === 'ThrottledError') {
      return notRun(`the API throttled the call (${message})`);
    }
    if (unreachable(error)) {
      return notRun(`the API could not be reached (${message})`);
    }
    if (name === 'AppError') {
      // The app's own message for the user: what the API or the input made it say.
      return notRun(
        `the app stopped with its message for the user: ${appMessageOf(message)}`,
      );
    }
    return { kind: 'failed', error: this.secrets.redact(message) };
  }

  /**
   * Refreshes the connection (a call on a stale token asks for it); false
   * when the app cannot refresh, or a refresh failed already in this run.
   */
  private async refresh(): Promise<boolean> {
    const method = this.refreshMethod;
    if (method === undefined || this.refreshFailure !== undefined) {
      return false;
    }
    const called = await this.call(method, {
      authData: this.authData,
      inputData: {},
      meta: {},
    });
    if (called.kind !== 'done' || !isRecord(called.results)) {
      const why =
        called.kind === 'done'
          ? `it returned ${JSON.stringify(called.results) ?? 'nothing'}, not the new fields`
          : this.describe(this.outcomeOf(called, false));
      this.refreshFailure = this.secrets.redact(`${method}: ${why}`);
      return false;
    }
    const fresh = called.results;
    this.secrets.add(fresh);
    this.authData = { ...this.authData, ...fresh };
    this.written.push(...appendAuthData(this.env.path, fresh));
    return true;
  }

  private describe(outcome: RunOutcome): string {
    if (outcome.kind === 'not run') {
      return outcome.reason;
    }
    return outcome.kind === 'failed' ? outcome.error : 'no new fields';
  }

  /** `method` called, bounded, once `onCall` has been told. */
  private call(method: string, bundle: Record<string, unknown>): Promise<Called> {
    this.onCall(method);
    return call(this.handler, method, bundle, this.timeoutMs);
  }

  /** Calls `method` with the connection; on a stale token, refreshes it and calls once more. */
  private async callRefreshing(
    method: string,
    bundle: Record<string, unknown>,
  ): Promise<{ called: Called; refreshed: boolean }> {
    const withConnection = () => ({ ...bundle, authData: this.authData });
    const first = await this.call(method, withConnection());
    if (first.kind !== 'threw' || nameOf(first.error) !== 'RefreshAuthError') {
      return { called: first, refreshed: false };
    }
    if (!(await this.refresh())) {
      return { called: first, refreshed: false };
    }
    const again = await this.call(method, withConnection());
    return { called: again, refreshed: true };
  }

  /** A step's method run live: its items, or why not. */
  async run(method: string, bundle: Record<string, unknown>): Promise<RunOutcome> {
    if (this.stepsStopped !== undefined) {
      return { kind: 'not run', reason: this.stepsStopped };
    }
    const logged = captureConsoleLog(this.secrets.redact);
    let lines: string[];
    let outcome: RunOutcome;
    try {
      const { called, refreshed } = await this.callRefreshing(method, bundle);
      outcome = this.outcomeOf(called, refreshed);
    } finally {
      lines = logged.stop();
    }
    if (outcome.kind === 'failed' && lines.length > 0) {
      // What the app said about its failure is part of the failure.
      outcome.error += `; it logged: ${lines.slice(0, 3).join(' | ')}`;
    }
    // The call was made: it was not judged, rather than not run.
    return outcome.kind === 'not run' ? { ...outcome, called: true } : outcome;
  }

  /** The connection test (`authentication.test`): `passed`, or why not; no answer, or no way to the API, stops the steps. */
  async test(): Promise<string> {
    const logged = captureConsoleLog(this.secrets.redact);
    try {
      const { called, refreshed } = await this.callRefreshing('authentication.test', {
        inputData: {},
        meta: { isTestingAuth: true },
      });
      if (called.kind === 'done') {
        return 'passed';
      }
      if (called.kind === 'timed out') {
        this.stepsStopped = `the connection test got no answer within ${this.timeoutMs / 1000} s`;
      } else if (called.kind === 'threw' && unreachable(called.error)) {
        this.stepsStopped = this.secrets.redact(
          `the connection test could not reach the API: ${coreMessage(called.error)}`,
        );
      }
      const why = this.describe(this.outcomeOf(called, refreshed));
      return this.stepsStopped === undefined ? why : `${why}; no step was run`;
    } finally {
      logged.stop();
    }
  }
}

const LOADING_SAMPLE_META = {
  ...SAMPLE_LOADING_BUNDLE.meta,
  isFillingDynamicDropdown: false,
  isPopulatingDedupe: false,
  limit: -1,
  page: 0,
};

/**
 * Core raises its own check of a trigger's items without `id` only where it
 * runs for a developer; on Zapier it logs it, and T002 judges the items.
 */
const SKIPPED_CORE_CHECKS = ['triggerHasId'];

async function runsOf(
  session: LiveSession,
  step: Step,
  options: LiveRunOptions,
): Promise<StepRun[]> {
  const { path, key } = step;
  const inputData = options.inputs.get(key);
  const sampleRun = (method: 'perform' | 'performList') =>
    session.run(`${path}.operation.${method}`, {
      inputData: inputData ?? {},
      meta: LOADING_SAMPLE_META,
      skipChecks: SKIPPED_CORE_CHECKS,
    });
  const notRun = (reason: string): RunOutcome => ({ kind: 'not run', reason });
  if (step.kind === 'create') {
    return [
      {
        path,
        method: 'perform',
        outcome: notRun(
          "a create never runs live: it would make a record in the connection's account",
        ),
      },
    ];
  }
  if (step.kind === 'search') {
    return [
      {
        path,
        method: 'perform',
        outcome:
          inputData === undefined
            ? notRun(
                `a search runs live only on input you give: pass --input ${key}=<file.json>`,
              )
            : await sampleRun('perform'),
      },
    ];
  }
  const required = staticFields(step.definition.operation?.inputFields)
    .filter((field) => field.required === true && field.key !== undefined)
    .map((field) => field.key);
  if (inputData === undefined && required.length > 0) {
    // What the user fills in the Zap: without it a failure is no finding.
    const lacking = notRun(
      `it needs its required input (${required.join(', ')}): pass --input ${key}=<file.json>`,
    );
    return (
      hasPerformList(step)
        ? (['performList', 'perform'] as const)
        : (['perform'] as const)
    ).map((method) => ({ path, method, outcome: lacking }));
  }
  if (!isHookTrigger(step)) {
    return [{ path, method: 'perform', outcome: await sampleRun('perform') }];
  }
  const runs: StepRun[] = [];
  if (hasPerformList(step)) {
    runs.push({ path, method: 'performList', outcome: await sampleRun('performList') });
  }
  const delivery = options.deliveries.get(key);
  runs.push({
    path,
    method: 'perform',
    outcome:
      delivery === undefined
        ? notRun(`no recorded delivery: pass --delivery ${key}=<file.json>`)
        : await session.run(`${path}.operation.perform`, {
            ...deliveryBundle(delivery),
            inputData: inputData ?? {},
          }),
  });
  return runs;
}

/** The env file's variables in process.env for `work`, as `invoke` loads them (they win), then put back. */
async function withVariables<T>(
  variables: Readonly<Record<string, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const before = new Map(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  try {
    return await work();
  } finally {
    for (const [name, value] of before) {
      if (value === undefined) {
        Reflect.deleteProperty(process.env, name);
      } else {
        process.env[name] = value;
      }
    }
  }
}

/** Runs the connection test, then every visible step as a Zap's test would, on the connection in `options.env`. */
export function runStepsLive(
  handler: LambdaHandler,
  definition: AppDefinition,
  options: LiveRunOptions,
): Promise<LiveRuns> {
  const session = new LiveSession(
    handler,
    definition,
    options.env,
    options.appDir,
    options.timeoutMs ?? ZAPIER_STEP_TIMEOUT_MS,
    options.onCall ?? (() => undefined),
  );
  return withVariables(options.env.variables, async () => {
    let connectionTest: string | undefined;
    if (definition.authentication?.test !== undefined) {
      connectionTest = await session.test();
    }
    const runs: StepRun[] = [];
    for (const step of visibleSteps(definition)) {
      runs.push(...(await runsOf(session, step, options)));
    }
    return {
      runs,
      report: {
        env: session.envName,
        ...(connectionTest === undefined ? {} : { connectionTest }),
        written: session.written,
      },
    };
  });
}

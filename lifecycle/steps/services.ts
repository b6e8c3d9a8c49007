/** The first steps: the sandbox, and what stands in for Zapier's side, on free loopback ports. */
import { FREE_PROJECT, PAID_PROJECT } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { startHookReceiver } from '../../harness/hook-receiver';
import type { HookReceiver } from '../../harness/hook-receiver';
import type { StepOutcome } from '../transcript';
import { startZapierRuntime } from '../../harness/zapier/runtime';
import type { ZapierRuntime } from '../../harness/zapier/runtime';

export async function serveSandbox(
  accessTokenTtlSeconds: number,
  now: () => number,
): Promise<StepOutcome<Sandbox>> {
  const sandbox = await startSandbox({
    settings: { accessTokenTtlSeconds },
    delivery: { baseDelayMs: 100 },
    now,
  });
  const projects = [PAID_PROJECT, FREE_PROJECT]
    .map((project) => `${project.name}, ${project.plan}`)
    .join('; ');
  return {
    value: sandbox,
    line: `Sandbox of the landing-page service on ${sandbox.appUrl} (projects: ${projects})`,
  };
}

/** Zapier's hook URL: the first delivery reaches the Zap, but the sender sees 503, as on a timeout. */
export async function listenForHooks(): Promise<StepOutcome<HookReceiver>> {
  const receiver = await startHookReceiver((n) => (n === 1 ? 503 : 200));
  return {
    value: receiver,
    line: `Hook receiver standing in for Zapier on ${receiver.url} (answers the first delivery 503, as on a timeout)`,
  };
}

/** Zapier's cache (set-if-absent, scoped) and log endpoint, through which the app runs as on Lambda. */
export async function standInForZapier(): Promise<StepOutcome<ZapierRuntime>> {
  // Core echoes the app's log to the console: silenced, so the transcript shows it once.
  const runtime = await startZapierRuntime({ quiet: true });
  return {
    value: runtime,
    line:
      `Zapier's cache (set-if-absent, one part per connected account) and log endpoint ` +
      `standing in on ${new URL(runtime.rpcBase).origin}`,
  };
}

/**
 * The claims bench's stand-in of Zapier's cache, in a process of its own, as
 * Zapier's is: the app's process then spends its CPU on the app alone. Driven
 * over IPC by bench/claims.ts: it answers every call after the delay it was
 * started with (or never), and reports its figures when asked.
 */
import { DEFAULT_CONNECTION, startZapierRuntime } from '../harness/zapier/runtime';
import type { Latency, RuntimeFigures } from '../harness/zapier/runtime';

export type StandInRequest =
  { kind: 'start'; delay: Latency } | { kind: 'figures' } | { kind: 'reset' };

export type StandInReply =
  | { kind: 'ready'; origin: string; token: string }
  | { kind: 'figures'; figures: RuntimeFigures }
  | { kind: 'reset' };

function reply(message: StandInReply): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const runtime = await startZapierRuntime({ recordCalls: false, quiet: true });
  process.on('message', (message: StandInRequest) => {
    switch (message.kind) {
      case 'start':
        runtime.delayAnswers(() => message.delay);
        reply({
          kind: 'ready',
          origin: runtime.origin,
          token: runtime.admit(DEFAULT_CONNECTION),
        });
        break;
      case 'figures':
        reply({ kind: 'figures', figures: runtime.figures() });
        break;
      case 'reset':
        runtime.resetFigures();
        reply({ kind: 'reset' });
        break;
    }
  });
  process.on('disconnect', () => {
    void runtime.close().finally(() => process.exit(0));
  });
}

void main();

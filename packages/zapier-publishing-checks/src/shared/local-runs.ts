/**
 * The items of the runs, for the checks Zapier makes on live results (T002
 * to T006, Z001): local runs (../read/local-run.ts) stand in for them;
 * live runs (../read/live-run.ts, `--live`) are what Zapier judges.
 */
import type { Item, RuleInput, RunMethod, RunsFrom } from '../input';
import type { Report } from '../rule';
import type { AppDefinition, FieldDefinition, Step, StepDefinition } from './definition';
import { staticFields, visibleSteps } from './definition';
import { flatKeys } from './values';

/** What a local-run rule says of a run that gave no items; each such rule spreads these into its messages. */
export const RUN_MESSAGES = {
  noItems: '%{method}: no items from a %{runsFrom} run to judge (see %{explainedBy})',
  notRun:
    '%{method}: it could not run here (%{reason}); Zapier decides this on a live run',
  notRunLive: '%{method}: not run live (%{reason}); Zapier decides this on its own run',
  notJudgedLive:
    '%{method}: not judged live (%{reason}); Zapier decides this on its own run',
  failed: '%{method} failed on a %{runsFrom} run: %{error}; fix it so it returns items',
} as const;

type RunReport = Report<typeof RUN_MESSAGES>;

export function stepAt(
  definition: AppDefinition,
  path: string,
): StepDefinition | undefined {
  const [group, key] = path.split('.') as ['triggers' | 'searches' | 'creates', string];
  return definition[group]?.[key];
}

export const outputFieldsAt = (
  definition: AppDefinition,
  path: string,
): FieldDefinition[] => staticFields(stepAt(definition, path)?.operation?.outputFields);

/**
 * The check that explains a step's run that gave no items: Z001 for
 * performList; for perform, T005 on a trigger (Zapier's T005 reads
 * triggers only), T004 on a search or create (the one check of live
 * results Zapier makes on them).
 */
function explainedBy(step: Step, method: RunMethod): 'T004' | 'T005' | 'Z001' {
  if (method === 'performList') {
    return 'Z001';
  }
  return step.kind === 'trigger' ? 'T005' : 'T004';
}

export interface RunItems {
  path: string;
  items: Item[];
}

export const runsFromOf = (input: RuleInput): RunsFrom => input.runsFrom ?? 'local';

/**
 * The items of the runs of `method` on the visible steps `applies` picks,
 * and a report for each of the others. A run that could not be made (offline,
 * or live: what stopped it), or that nothing recorded, is deferred (Zapier
 * decides); a run that failed is a finding. The rule that explains a run (`explainedBy`)
 * says why; every other (`rule`, the caller's ID) says only that it could
 * not decide, and where the reason is, so one run is not reported under four
 * IDs. No step passes for want of a run.
 */
export function itemsOf(
  input: RuleInput,
  method: RunMethod,
  applies: (step: Step) => boolean,
  report: RunReport,
  rule: string,
): RunItems[] {
  const runs: RunItems[] = [];
  const runsFrom = runsFromOf(input);
  const steps = visibleSteps(input.definition)
    .filter(applies)
    .filter((step) => method === 'perform' || step.definition.operation?.performList);
  for (const step of steps) {
    const { path } = step;
    const outcome = input.runs.find((run) => run.path === path && run.method === method)
      ?.outcome ?? { kind: 'not run', reason: 'no local run of it was recorded' };
    const place = { step: path };
    if (outcome.kind === 'items') {
      runs.push({ path, items: outcome.items });
    } else if (explainedBy(step, method) !== rule) {
      report.deferred(place, 'noItems', {
        method,
        runsFrom,
        explainedBy: explainedBy(step, method),
      });
    } else if (outcome.kind === 'not run') {
      const live = outcome.called === true ? 'notJudgedLive' : 'notRunLive';
      report.deferred(place, runsFrom === 'live' ? live : 'notRun', {
        method,
        reason: outcome.reason,
      });
    } else {
      report(place, 'failed', { method, runsFrom, error: outcome.error });
    }
  }
  return runs;
}

export const everyStep = () => true;

export const keysOf = (items: Item[]) => new Set(items.flatMap((item) => flatKeys(item)));

/**
 * Local stand-ins for the checks Zapier makes on live results (T002 to T006,
 * Z001), decided on the items of the local runs (see ../local-run.ts).
 */
import type { AppDefinition, FieldDefinition, Step, StepDefinition } from '../definition';
import {
  isHookTrigger,
  isPollingTrigger,
  staticFields,
  visibleSteps,
} from '../definition';
import type { RunMethod } from '../local-run';
import type { Item } from '../values';
import {
  flatKeys,
  hasKey,
  nonIsoDates,
  outputFieldProblems,
  primaryKeys,
  sampleOf,
} from '../values';
import type { Check, CheckInput, Finding, Severity } from './check';
import { deferred, failure, warning } from './check';

function stepAt(definition: AppDefinition, path: string): StepDefinition | undefined {
  const [group, key] = path.split('.') as ['triggers' | 'searches' | 'creates', string];
  return definition[group]?.[key];
}

const outputFieldsAt = (definition: AppDefinition, path: string): FieldDefinition[] =>
  staticFields(stepAt(definition, path)?.operation?.outputFields);

/** The check that explains a run that gave no items: T005 for perform, Z001 for performList. */
const EXPLAINED_BY: Record<RunMethod, string> = { perform: 'T005', performList: 'Z001' };

/**
 * The local runs of `method` on the visible steps `applies` picks: the items
 * of those that gave some, and findings for the others. A run that could not
 * happen offline, or that nothing recorded, is deferred (Zapier decides); a
 * run that failed is a failure. The check that explains a run (`explains`)
 * says why; every other check says only that it could not decide, and where
 * the reason is, so one run is not reported under four IDs. No step passes
 * for want of a run.
 */
function itemsOf(
  input: CheckInput,
  method: RunMethod,
  applies: (step: Step) => boolean,
  explains = false,
): { found: Finding[]; runs: { path: string; items: Item[] }[] } {
  const found: Finding[] = [];
  const runs: { path: string; items: Item[] }[] = [];
  const steps = visibleSteps(input.definition)
    .filter(applies)
    .filter((step) => method === 'perform' || step.definition.operation?.performList);
  for (const { path } of steps) {
    const outcome = input.runs.find((run) => run.path === path && run.method === method)
      ?.outcome ?? { kind: 'not run', reason: 'no local run of it was recorded' };
    if (outcome.kind === 'items') {
      runs.push({ path, items: outcome.items });
    } else if (!explains) {
      found.push(
        deferred(
          `${path} ${method}`,
          `its local run gave no items (see ${EXPLAINED_BY[method]})`,
        ),
      );
    } else if (outcome.kind === 'not run') {
      found.push(
        deferred(
          `${path} ${method}`,
          `it could not run here (${outcome.reason}); Zapier decides this on a live run`,
        ),
      );
    } else {
      found.push(
        failure(
          `${path} ${method} failed on a local run: ${outcome.error}; fix it so it returns items`,
        ),
      );
    }
  }
  return { found, runs };
}

const everyStep = () => true;

const keysOf = (items: Item[]) => new Set(items.flatMap((item) => flatKeys(item)));

/** Items that break their output fields, for T005 (perform) and Z001 (performList). */
function respectsOutputFields(
  input: CheckInput,
  method: RunMethod,
  severity: Severity,
): Finding[] {
  const { found, runs } = itemsOf(
    input,
    method,
    method === 'perform' ? everyStep : isHookTrigger,
    true,
  );
  for (const { path, items } of runs) {
    const fields = outputFieldsAt(input.definition, path);
    for (const [index, item] of items.entries()) {
      for (const problem of outputFieldProblems(item, fields)) {
        found.push({
          severity,
          change: `${path} ${method} item ${index}: ${problem}; make the code and the output fields agree`,
        });
      }
    }
  }
  return found;
}

export const pollingResultsCarryPrimaryKeys: Check = {
  id: 'T002',
  requirement:
    'every item a polling trigger returns on a local run carries its primary key (id, or the fields marked primary); hooks are exempt, as in core',
  run(input): Finding[] {
    const { found, runs } = itemsOf(input, 'perform', isPollingTrigger);
    for (const { path, items } of runs) {
      const keys = primaryKeys(outputFieldsAt(input.definition, path));
      for (const [index, item] of items.entries()) {
        const missing = keys.filter((key) => !hasKey(item, key));
        if (missing.length > 0) {
          found.push(
            failure(
              `${path} perform item ${index}: return ${missing.map((key) => `"${key}"`).join(', ')} with every item`,
            ),
          );
        }
      }
    }
    return found;
  },
};

export const resultDatesAreIso8601: Check = {
  id: 'T003',
  requirement: 'dates in local-run results are ISO 8601 with a zone',
  run(input): Finding[] {
    return (['perform', 'performList'] as const).flatMap((method) => {
      const { found, runs } = itemsOf(input, method, everyStep);
      for (const { path, items } of runs) {
        const fields = outputFieldsAt(input.definition, path);
        for (const value of items.flatMap((item) => nonIsoDates(item, fields))) {
          found.push(
            warning(
              `${path} ${method} ${value}: return dates as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z`,
            ),
          );
        }
      }
      return found;
    });
  },
};

export const sampleKeysComeInResults: Check = {
  id: 'T004',
  requirement:
    'every key of a sample appears in the items perform returns on a local run',
  run(input): Finding[] {
    const { found, runs } = itemsOf(input, 'perform', everyStep);
    for (const { path, items } of runs) {
      const sample = sampleOf(stepAt(input.definition, path)?.operation);
      if (sample === undefined) {
        continue;
      }
      if (items.length === 0) {
        found.push(
          deferred(
            `${path} perform`,
            'its local run returned no items; give it a delivery or input that yields one',
          ),
        );
        continue;
      }
      const returned = keysOf(items);
      const missing = flatKeys(sample).filter((key) => !returned.has(key));
      if (missing.length > 0) {
        found.push(
          failure(
            `${path}: perform never returns ${missing.map((key) => `"${key}"`).join(', ')}; drop them from the sample or return them`,
          ),
        );
      }
    }
    return found;
  },
};

export const performResultsMatchOutputFields: Check = {
  id: 'T005',
  requirement:
    'the items perform returns on a local run respect the output fields (required present, types)',
  run: (input) => respectsOutputFields(input, 'perform', 'failure'),
};

export const performListResultsMatchOutputFields: Check = {
  id: 'Z001',
  requirement:
    'the items performList returns on a local run respect the output fields (required present, types)',
  run: (input) => respectsOutputFields(input, 'performList', 'failure'),
};

export const hookListKeysComeInDeliveries: Check = {
  id: 'T006',
  requirement:
    "every key a hook's performList returns also comes in its perform's items on a delivery",
  run(input): Finding[] {
    const listed = itemsOf(input, 'performList', isHookTrigger);
    const performed = itemsOf(input, 'perform', isHookTrigger);
    // perform not run or failed: said here too, T006 needs its items.
    const found = [...listed.found, ...performed.found];
    for (const { path, items } of listed.runs) {
      const delivered = performed.runs.find((each) => each.path === path);
      if (delivered === undefined) {
        continue;
      }
      if (delivered.items.length === 0) {
        found.push(
          deferred(
            path,
            'perform returned no items on the delivery, so its keys cannot be compared',
          ),
        );
        continue;
      }
      const deliveredKeys = keysOf(delivered.items);
      const extra = [...keysOf(items)].filter((key) => !deliveredKeys.has(key));
      if (extra.length > 0) {
        found.push(
          failure(
            `${path}: performList returns ${extra.map((key) => `"${key}"`).join(', ')} that no delivery brings; give both the same shape`,
          ),
        );
      }
    }
    return found;
  },
};

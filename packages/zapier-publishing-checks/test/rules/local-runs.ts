/**
 * Local runs for the rules that read them (T002 to T006, Z001). Of a run
 * that gave no items, T005 (a trigger's perform), T004 (a search's or a
 * create's) and Z001 (performList) say why; every other says only that it
 * could not decide, and where the reason is.
 */
import type { RunOutcome } from '../../src/input';
import type { TestInput } from '../rule-tester';
import { operation, runItem } from '../rule-tester';

/** New Contact's output field VIP is its primary key, and its run's item lacks it. */
export const WITHOUT_ITS_PRIMARY_KEY = (input: TestInput): void => {
  operation(input, 'triggers.new_contact').outputFields!.push({
    key: 'vip',
    label: 'VIP',
    type: 'boolean',
    primary: true,
  });
  delete runItem(input, 'triggers.new_contact', 'perform').vip;
};

/** A change that gives the local run of `path`'s `method` this outcome. */
export const withOutcome =
  (path: string, method: string, outcome: RunOutcome) =>
  (input: TestInput): void => {
    const run = input.runs.find((each) => each.path === path && each.method === method);
    if (run === undefined) {
      throw new Error(`the valid app has no ${method} run of ${path}`);
    }
    run.outcome = outcome;
  };

/** New Contact's run could not happen offline. */
export const NEEDS_THE_NETWORK = withOutcome('triggers.new_contact', 'perform', {
  kind: 'not run',
  reason: 'it needs the network',
});

export const DELIVERY_ERROR =
  'Invalid API Response: - Got a result missing the "id" property';

/** The hook's delivery failed on its local run. */
export const FAILED_DELIVERY = withOutcome('triggers.contact_hook', 'perform', {
  kind: 'failed',
  error: DELIVERY_ERROR,
});

/** What a rule that does not explain a run says of one that gave no items. */
export const NO_ITEMS = {
  message: 'perform: no items from a local run to judge (see T005)',
  status: 'deferred',
} as const;

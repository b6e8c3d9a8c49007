import { defineRule, zapierReference } from '../rule';
import type { Step } from '../shared/definition';
import { isHookTrigger, visibleSteps } from '../shared/definition';

/**
 * The operations Zapier counts: each visible step with input fields, and each
 * visible hook trigger (a polling trigger without input fields is none).
 */
const counted = (step: Step) =>
  (step.definition.operation?.inputFields ?? []).length > 0 || isHookTrigger(step);

export default defineRule({
  meta: {
    id: 'D028',
    name: 'clean-input-data-is-off',
    category: 'warning',
    requirement:
      'cleanInputData is false, for the app (flags.cleanInputData) or for each operation with input',
    url: zapierReference('D028'),
    needs: ['definition'],
    messages: {
      on: "cleanInputData is %{how}: set it to false (flags.cleanInputData for the app, or this operation's operation.cleanInputData) and handle empty values in code",
    },
  },
  check({ definition }, report) {
    const app = definition.flags?.cleanInputData;
    for (const step of visibleSteps(definition).filter(counted)) {
      // Core 18+ takes an unset flag as true: the operation's flag, then the app's.
      const own = step.definition.operation?.cleanInputData;
      if ((own ?? app) !== false) {
        report({ step: step.path, path: `${step.path}.operation.cleanInputData` }, 'on', {
          how: own === true || app === true ? 'true' : 'not set (true)',
        });
      }
    }
  },
});

import { defineRule, zapierReference } from '../rule';
import type { Step } from '../shared/definition';
import { isHookTrigger, visibleSteps } from '../shared/definition';
import { parseVersion } from '../shared/semver';

/** The first zapier-platform-core whose schema takes `cleanInputData`. */
const FIRST_CORE_WITH_FLAG = 18;

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
    categoryEvidence: 'vcita ca815f7, nomba 8cedd1c: general (non-blocking) warnings',
    requirement:
      'cleanInputData is false, for the app (flags.cleanInputData) or for each operation with input',
    url: zapierReference('D028'),
    needs: ['definition'],
    hasSuggestions: true,
    messages: {
      on: "cleanInputData is %{how}: set it to false (flags.cleanInputData for the app, or this operation's operation.cleanInputData) and handle empty values in code",
      oldCore:
        "cleanInputData is not set (true), and the app's core %{core} has no such flag (its schema refuses it): upgrade zapier-platform-core to %{first} or later, then set flags.cleanInputData to false and handle empty values in code",
    },
  },
  check({ definition }, report) {
    const app = definition.flags?.cleanInputData;
    const core = definition.platformVersion ?? '';
    const major = parseVersion(core)?.major;
    const coreLacksFlag = major !== undefined && major < FIRST_CORE_WITH_FLAG;
    for (const step of visibleSteps(definition).filter(counted)) {
      // Unset is true: the operation's flag, then the app's; a core before
      // the flag always cleans.
      const own = step.definition.operation?.cleanInputData;
      if ((own ?? app) !== false) {
        const at = { step: step.path, path: `${step.path}.operation.cleanInputData` };
        if (coreLacksFlag) {
          report(at, 'oldCore', { core, first: `${FIRST_CORE_WITH_FLAG}.0.0` });
          continue;
        }
        report(at, 'on', {
          how: own === true || app === true ? 'true' : 'not set (true)',
        }).suggest({
          description:
            'turn cleanInputData off for the app, once its code handles empty values',
          path: 'flags.cleanInputData',
          text: 'false',
        });
      }
    }
  },
});

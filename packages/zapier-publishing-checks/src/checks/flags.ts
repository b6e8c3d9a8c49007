/** D028: `cleanInputData`, on the app or on an operation. */
import { stepsOf } from '../definition';
import type { Check, Finding } from './check';
import { warning } from './check';

export const cleanInputDataIsOff: Check = {
  id: 'D028',
  requirement:
    'cleanInputData is not set to true (unset counts as passing here: Zapier does not document whether it warns)',
  run({ definition }): Finding[] {
    const findings: Finding[] = [];
    if (definition.flags?.cleanInputData === true) {
      findings.push(
        warning(
          'flags.cleanInputData is true: set it to false and handle empty values in code',
        ),
      );
    }
    for (const step of stepsOf(definition)) {
      if (step.definition.operation?.cleanInputData === true) {
        findings.push(
          warning(
            `${step.path}.operation.cleanInputData is true: set it to false and handle empty values in code`,
          ),
        );
      }
    }
    return findings;
  },
};

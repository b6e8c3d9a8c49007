/** REST hook triggers: a list for the Zap editor (D006), subscribe and unsubscribe (D016, D017). */
import type { Step } from '../definition';
import { isHookTrigger, stepsOf, visibleSteps } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';

const hookTriggers = (input: Parameters<Check['run']>[0]): Step[] =>
  stepsOf(input.definition).filter(isHookTrigger);

export const hookTriggersHavePerformList: Check = {
  id: 'D006',
  requirement:
    'every hook trigger has performList, what the Zap editor shows when the user tests the trigger',
  run(input): Finding[] {
    return hookTriggers(input)
      .filter((step) => step.definition.operation?.performList === undefined)
      .map((step) =>
        failure(
          `${step.path}: add operation.performList returning items shaped like a delivery`,
        ),
      );
  },
};

const isStaticWebhook = (step: Step) =>
  step.definition.operation?.performSubscribe === undefined ||
  step.definition.operation.performUnsubscribe === undefined;

export const appIsMoreThanAStaticWebhook: Check = {
  id: 'D016',
  requirement:
    'the integration offers a user more than one static webhook trigger: some step to pick',
  run(input): Finding[] {
    // Hidden steps (dropdown sources) are nothing a user can pick.
    const steps = visibleSteps(input.definition);
    if (steps.length === 0) {
      return [
        failure(
          'the app offers no trigger, search or create a user can pick: add at least one',
        ),
      ];
    }
    const [only] = steps;
    if (
      steps.length === 1 &&
      only !== undefined &&
      isHookTrigger(only) &&
      isStaticWebhook(only)
    ) {
      return [
        failure(
          `${only.path} is the only visible step and a static webhook: subscribe it with REST hooks, or add triggers or actions`,
        ),
      ];
    }
    return [];
  },
};

export const hookTriggersSubscribeAndUnsubscribe: Check = {
  id: 'D017',
  requirement:
    'every hook trigger has performSubscribe and performUnsubscribe (no static webhooks)',
  run(input): Finding[] {
    return hookTriggers(input)
      .filter(isStaticWebhook)
      .map((step) =>
        failure(
          `${step.path}: add both performSubscribe and performUnsubscribe so Zapier registers and removes the webhook`,
        ),
      );
  },
};

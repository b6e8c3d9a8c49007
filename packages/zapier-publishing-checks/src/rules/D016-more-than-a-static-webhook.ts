import { defineRule, zapierReference } from '../rule';
import { isHookTrigger, visibleSteps } from '../shared/definition';
import { isStaticWebhook } from '../shared/hooks';

export default defineRule({
  meta: {
    id: 'D016',
    name: 'more-than-a-static-webhook',
    category: 'publishing-task',
    requirement:
      'the integration offers a user more than one static webhook trigger: some step to pick',
    url: zapierReference('D016'),
    needs: ['definition'],
    messages: {
      noStep:
        'the app offers no trigger, search or create a user can pick: add at least one',
      onlyAStaticWebhook:
        'the only visible step is a static webhook: subscribe it with REST hooks, or add triggers or actions',
    },
  },
  check({ definition }, report) {
    // Hidden steps (dropdown sources) are nothing a user can pick.
    const steps = visibleSteps(definition);
    const [only] = steps;
    if (only === undefined) {
      report({}, 'noStep');
    } else if (steps.length === 1 && isHookTrigger(only) && isStaticWebhook(only)) {
      report({ step: only.path }, 'onlyAStaticWebhook');
    }
  },
});

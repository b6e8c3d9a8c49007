import { defineRule, zapierReference } from '../rule';
import { isHookTrigger, visibleSteps } from '../shared/definition';
import { isStaticWebhook } from '../shared/hooks';

export default defineRule({
  meta: {
    id: 'D016',
    name: 'more-than-a-static-webhook',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement: 'the integration is more than one static webhook trigger',
    url: zapierReference('D016'),
    needs: ['definition'],
    messages: {
      onlyAStaticWebhook:
        'the only visible step is a static webhook: subscribe it with REST hooks, or add triggers or actions',
    },
  },
  check({ definition }, report) {
    // Hidden steps (dropdown sources) are nothing a user can pick. An app with
    // no step at all (the minimal template) is no static webhook.
    const steps = visibleSteps(definition);
    const [only] = steps;
    if (
      only !== undefined &&
      steps.length === 1 &&
      isHookTrigger(only) &&
      isStaticWebhook(only)
    ) {
      report({ step: only.path }, 'onlyAStaticWebhook');
    }
  },
});

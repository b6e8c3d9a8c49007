import { defineRule, zapierReference } from '../rule';
import { isHookTrigger, stepsOf } from '../shared/definition';
import { isStaticWebhook } from '../shared/hooks';

export default defineRule({
  meta: {
    id: 'D017',
    name: 'hooks-subscribe-and-unsubscribe',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement:
      'every hook trigger has performSubscribe and performUnsubscribe (no static webhooks)',
    url: zapierReference('D017'),
    needs: ['definition'],
    messages: {
      staticWebhook:
        'add both performSubscribe and performUnsubscribe so Zapier registers and removes the webhook',
    },
  },
  check({ definition }, report) {
    for (const step of stepsOf(definition).filter(isHookTrigger)) {
      if (isStaticWebhook(step)) {
        report({ step: step.path }, 'staticWebhook');
      }
    }
  },
});

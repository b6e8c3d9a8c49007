import { defineRule, zapierReference } from '../rule';
import { hasPerformList, isHookTrigger, stepsOf } from '../shared/definition';

export default defineRule({
  meta: {
    id: 'D006',
    name: 'hook-triggers-have-perform-list',
    category: 'publishing-task',
    categoryEvidence:
      'a recorded zapier promote refusal; Zapier: performList is required for public apps',
    requirement:
      'every hook trigger has performList, what the Zap editor shows when the user tests the trigger',
    url: zapierReference('D006'),
    needs: ['definition'],
    messages: {
      noPerformList: 'add operation.performList returning items shaped like a delivery',
    },
  },
  check({ definition }, report) {
    for (const step of stepsOf(definition).filter(isHookTrigger)) {
      if (!hasPerformList(step)) {
        report({ step: step.path }, 'noPerformList');
      }
    }
  },
});

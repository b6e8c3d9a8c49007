import { defineRule, zapierReference } from '../rule';
import { visibleSteps } from '../shared/definition';
import { sampleOf } from '../shared/values';

export default defineRule({
  meta: {
    id: 'D012',
    name: 'visible-steps-have-samples',
    category: 'publishing-task',
    categoryEvidence: "vcita 7ac91b1: 'clear publishing-task lint (D011/D012/D018/D024)'",
    requirement: 'every visible trigger, search and create has a static sample',
    url: zapierReference('D012'),
    needs: ['definition'],
    messages: {
      noSample:
        'add operation.sample, a realistic item with every output field (or a sample on each output field)',
    },
  },
  check({ definition }, report) {
    for (const step of visibleSteps(definition)) {
      if (sampleOf(step.definition.operation) === undefined) {
        report({ step: step.path }, 'noSample');
      }
    }
  },
});

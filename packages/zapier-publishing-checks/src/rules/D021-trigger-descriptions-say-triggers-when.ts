import { defineRule, zapierReference } from '../rule';
import { visibleSteps } from '../shared/definition';

/** "Triggers when", then what happens, then a full stop that ends the text. */
const TRIGGER_DESCRIPTION = /^Triggers when [^\s.].*\.$/s;

export default defineRule({
  meta: {
    id: 'D021',
    name: 'trigger-descriptions-say-triggers-when',
    category: 'publishing-task',
    categoryEvidence:
      "photon ea98dc0 ('for Zapier publishing'); rendex-zapier: then 0 publishing tasks",
    requirement:
      'every visible trigger description starts with "Triggers when " and ends with "."',
    url: zapierReference('D021'),
    needs: ['definition'],
    messages: {
      description:
        'write the description as "Triggers when … ." (it is "%{description}")',
    },
  },
  check({ definition }, report) {
    for (const step of visibleSteps(definition)) {
      const description = step.definition.display?.description ?? '';
      if (step.kind === 'trigger' && !TRIGGER_DESCRIPTION.test(description)) {
        report(
          { step: step.path, path: `${step.path}.display.description` },
          'description',
          {
            description,
          },
        );
      }
    }
  },
});

import { defineRule, zapierReference } from '../rule';
import { visibleSteps } from '../shared/definition';
import { titleCase } from '../shared/title-case';

export default defineRule({
  meta: {
    id: 'D018',
    name: 'labels-are-title-case',
    category: 'publishing-task',
    categoryEvidence:
      'vcita 7ac91b1: a publishing task; zendesk-sell 5813905: promotion refused',
    requirement:
      'visible trigger, search, create and search-or-create labels are in Title Case ("New Lead")',
    url: zapierReference('D018'),
    needs: ['definition'],
    fixable: 'text',
    messages: {
      notTitleCase: 'write the label "%{label}" as "%{titled}"',
    },
  },
  check({ definition }, report) {
    const labelled = [
      ...visibleSteps(definition).map((step) => ({
        step: step.path,
        display: step.definition.display,
      })),
      ...Object.entries(definition.searchOrCreates ?? {})
        .filter(([, step]) => step.display?.hidden !== true)
        .map(([key, step]) => ({
          step: `searchOrCreates.${key}`,
          display: step.display,
        })),
    ];
    for (const { step, display } of labelled) {
      const label = display?.label ?? '';
      const titled = titleCase(label);
      if (titled !== label) {
        const path = `${step}.display.label`;
        const found = report({ step, path }, 'notTitleCase', { label, titled });
        // A fix settles the finding: the label it writes is its own Title Case.
        if (titleCase(titled) === titled) {
          found.fix({ path, value: label, text: titled });
        }
      }
    }
  },
});

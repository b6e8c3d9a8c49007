import { defineRule, zapierReference } from '../rule';
import { visibleSteps } from '../shared/definition';
import { titleCaseProblems } from '../shared/title-case';

const quoted = (words: string[]) => words.map((word) => `"${word}"`).join(', ');

export default defineRule({
  meta: {
    id: 'D018',
    name: 'labels-are-title-case',
    category: 'publishing-task',
    requirement:
      'visible trigger, search, create and search-or-create labels are in Title Case ("New Lead")',
    url: zapierReference('D018'),
    needs: ['definition'],
    messages: {
      capitalise: 'capitalise %{words} in the label "%{label}"',
      lowercase: 'write %{words} in lowercase in the label "%{label}"',
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
      const { capitalise, lowercase } = titleCaseProblems(label);
      const place = { step, path: `${step}.display.label` };
      if (capitalise.length > 0) {
        report(place, 'capitalise', { words: quoted(capitalise), label });
      }
      if (lowercase.length > 0) {
        report(place, 'lowercase', { words: quoted(lowercase), label });
      }
    }
  },
});

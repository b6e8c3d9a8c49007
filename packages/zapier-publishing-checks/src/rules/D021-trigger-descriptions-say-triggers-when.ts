import { defineRule, zapierReference } from '../rule';
import { visibleSteps } from '../shared/definition';

/** "Triggers when", then what happens, then a full stop that ends the text. */
const TRIGGER_DESCRIPTION = /^Triggers when [^\s.].*\.$/s;
/** A description that says it the same way in other words: "Fires when a lead is added". */
const SAID_OTHERWISE = /^(?:triggers?|triggered|fires|runs)\s+when\s+(\S.*?)\s*$/is;

/**
 * The description rewritten without a new word: its opening as "Triggers
 * when ", a full stop at its end; undefined when that does not pass.
 */
function mechanical(description: string): string | undefined {
  const what = SAID_OTHERWISE.exec(description)?.[1];
  if (what === undefined || /[!?]$/.test(what)) {
    return undefined;
  }
  const fixed = `Triggers when ${what}${what.endsWith('.') ? '' : '.'}`;
  return TRIGGER_DESCRIPTION.test(fixed) ? fixed : undefined;
}

/** A description for the author to weigh: theirs after "Triggers when ". */
function proposed(description: string): string | undefined {
  const said = description.trim().replace(/[.!?]+$/, '');
  // A capital that opens a sentence goes; one of an acronym ("API") stays.
  const what = /^\p{Lu}\p{Ll}/u.test(said)
    ? `${said.charAt(0).toLowerCase()}${said.slice(1)}`
    : said;
  const fixed = `Triggers when ${what}.`;
  return what === '' || !TRIGGER_DESCRIPTION.test(fixed) ? undefined : fixed;
}

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
    fixable: 'text',
    hasSuggestions: true,
    messages: {
      description:
        'write the description as "Triggers when … ." (it is "%{description}")',
    },
  },
  check({ definition }, report) {
    for (const step of visibleSteps(definition)) {
      const description = step.definition.display?.description ?? '';
      if (step.kind === 'trigger' && !TRIGGER_DESCRIPTION.test(description)) {
        const path = `${step.path}.display.description`;
        const found = report({ step: step.path, path }, 'description', {
          description,
        });
        const fixed = mechanical(description);
        const suggested = proposed(description);
        if (fixed !== undefined) {
          found.fix({ path, value: description, text: fixed });
        } else if (suggested !== undefined) {
          found.suggest({
            description: 'say what makes it trigger after "Triggers when "',
            path,
            text: JSON.stringify(suggested),
          });
        }
      }
    }
  },
});

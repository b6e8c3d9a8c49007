import { defineRule, zapierReference } from '../rule';
import { authFieldsOf } from '../shared/definition';

/**
 * A link in help text: a markdown link, or an address written out (Zapier's
 * D008 asks to make that a link; D002 counts it: docs/rules/D002.md).
 */
const LINK = /\[[^\]\n]+\]\((?:https?:\/\/|mailto:)[^\s)]+\)|https?:\/\/[\p{L}\p{N}]/u;

export default defineRule({
  meta: {
    id: 'D002',
    name: 'auth-field-help-links',
    category: 'warning',
    categoryEvidence: 'vcita ca815f7, nomba 8cedd1c: general (non-blocking) warnings',
    requirement:
      'every auth field a user fills links, in its help text, to where its value is found',
    url: zapierReference('D002'),
    needs: ['definition'],
    messages: {
      noLink:
        'add a markdown link [to the page](https://…) where the user finds its value to its help text',
    },
  },
  check({ definition }, report) {
    for (const { field, place } of authFieldsOf(definition)) {
      // Zapier reads every field the user fills, a dropdown's too; not a computed one.
      // An address in backticks is an example of a value, not a link.
      const help = (field.helpText ?? '').replace(/`[^`\n]*`/g, '');
      if (field.computed !== true && !LINK.test(help)) {
        report(place, 'noLink');
      }
    }
  },
});

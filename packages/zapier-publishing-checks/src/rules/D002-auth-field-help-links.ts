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
    hasSuggestions: true,
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
        // Where the value is found, only the author knows: the address is left to fill in.
        const said = (field.helpText ?? '').trim();
        report(place, 'noLink').suggest({
          description: 'link the page where the user finds the value',
          path: `${place.path}.helpText`,
          text: JSON.stringify(
            `${said === '' ? '' : `${said} `}Find your ${field.label ?? field.key ?? 'value'} [in your account settings](https://…).`,
          ),
        });
      }
    }
  },
});

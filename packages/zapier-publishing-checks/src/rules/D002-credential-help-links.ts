import { defineRule, zapierReference } from '../rule';
import { asksForCredential } from '../shared/credentials';
import type { FieldDefinition } from '../shared/definition';
import { authFieldsOf } from '../shared/definition';
import { wordsOf } from '../shared/words';

const MARKDOWN_LINK = /\[[^\]\n]+\]\((https?:\/\/|mailto:)[^\s)]+\)/;

/**
 * A password the user knows (the account's), not a key found somewhere: D002
 * is about where to find a pasted credential, which a password is not.
 */
function isAccountPassword(field: FieldDefinition): boolean {
  const words = [...wordsOf(field.key ?? ''), ...wordsOf(field.label ?? '')];
  return (
    words.some((word) => ['password', 'passwd', 'passphrase', 'pin'].includes(word)) &&
    !words.some((word) => ['api', 'apikey', 'key', 'token', 'secret'].includes(word))
  );
}

const pastedCredential = (field: FieldDefinition) =>
  field.computed !== true && asksForCredential(field) && !isAccountPassword(field);

export default defineRule({
  meta: {
    id: 'D002',
    name: 'credential-help-links-to-where-it-is-found',
    category: 'publishing-task',
    requirement:
      'every auth field where a user pastes a credential links, in its help text, to where it is found',
    url: zapierReference('D002'),
    needs: ['definition'],
    messages: {
      noLink:
        'add help text with a markdown link [to the page](https://…) where the user finds it',
    },
  },
  check({ definition }, report) {
    for (const { field, place } of authFieldsOf(definition)) {
      if (pastedCredential(field) && !MARKDOWN_LINK.test(field.helpText ?? '')) {
        report(place, 'noLink');
      }
    }
  },
});

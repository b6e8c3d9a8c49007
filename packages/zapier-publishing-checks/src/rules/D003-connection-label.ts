import { defineRule, zapierReference } from '../rule';
import { isFunctionReference, isRecord } from '../shared/definition';
import { singular, wordsOf } from '../shared/words';

const MAX_LABEL_LENGTH = 64;
const TEMPLATE_VARIABLE = /{{[^{}]*}}/g;
/** A template variable naming a secret: `{{bundle.authData.access_token}}`, `{{api_key}}`, … */
const SECRET_IN_TEMPLATE =
  /{{\s*[\w.]*?(access_token|refresh_token|api_?key|password|passwd|secret|token|jwt)\w*\s*(?:\|[^}]*)?}}/i;

/**
 * What a variable of a label names that is no account's: a plan, a count, a
 * scope, a state or a date are the same for many accounts. The last word
 * that says either decides: `plan_owner_email` names a person,
 * `user_count` a count, `plan_label` a plan.
 */
const NOT_IDENTIFYING = new Set(
  'plan tier count total scope status state date time created updated expires version type role level quota credit balance limit region locale language currency timezone'.split(
    ' ',
  ),
);
const IDENTIFYING = new Set(
  'email mail name username user login account workspace company organization org team id handle domain subdomain site host instance url shop store tenant owner'.split(
    ' ',
  ),
);

/** The variable's name inside `{{ … }}`, its filters (`| slice:0:8`) left out, as words. */
const variableWords = (variable: string) =>
  wordsOf(variable.slice(2, -2).split('|')[0] ?? '').map(singular);

const identifiesNothing = (variable: string) => {
  const deciding = variableWords(variable)
    .reverse()
    .find((word) => NOT_IDENTIFYING.has(word) || IDENTIFYING.has(word));
  return deciding !== undefined && NOT_IDENTIFYING.has(deciding);
};

const PLACE = { path: 'authentication.connectionLabel' };

export default defineRule({
  meta: {
    id: 'D003',
    name: 'connection-label-identifies-the-account',
    category: 'publishing-task',
    requirement:
      'the connection label is set, short, identifies the account and shows no secret',
    url: zapierReference('D003'),
    needs: ['definition'],
    messages: {
      missing: 'set it to what identifies the account, e.g. "{{email}}"',
      computed:
        'it is computed (a function or a request); check on a connection that it names the account and shows no secret',
      notAString: 'make it a string template, a function or a request',
      secret: '"%{label}": show who is connected, never a token, key or password',
      identifiesNothing:
        '"%{label}": %{variables} can be the same for many accounts; name who is connected, e.g. "{{email}}"',
      constant:
        '"%{label}" is the same for every account: build it from the test\'s answer, e.g. "{{email}}"',
      tooLong:
        'shorten its text to %{most} characters (it has %{length} besides its variables)',
    },
  },
  check({ definition }, report) {
    const authentication = definition.authentication;
    if (authentication === undefined) {
      return;
    }
    const label = authentication.connectionLabel;
    if (label === undefined || label === '') {
      report(PLACE, 'missing');
      return;
    }
    if (isFunctionReference(label) || isRecord(label)) {
      // What the label shows is decided by code or a request on a connection.
      report.deferred(PLACE, 'computed');
      return;
    }
    if (typeof label !== 'string') {
      report(PLACE, 'notAString');
      return;
    }
    if (SECRET_IN_TEMPLATE.test(label)) {
      report(PLACE, 'secret', { label });
    }
    const variables = label.match(TEMPLATE_VARIABLE) ?? [];
    if (variables.length > 0 && variables.every(identifiesNothing)) {
      report(PLACE, 'identifiesNothing', { label, variables: variables.join(', ') });
    }
    if (!label.includes('{{')) {
      report(PLACE, 'constant', { label });
    }
    // A user sees the label with each {{variable}} filled in: only the text
    // around the variables is known here, and only it can make the label long.
    const fixedText = label.replace(TEMPLATE_VARIABLE, '');
    if (fixedText.length > MAX_LABEL_LENGTH) {
      report(PLACE, 'tooLong', { most: MAX_LABEL_LENGTH, length: fixedText.length });
    }
  },
});

import { defineRule, zapierReference } from '../rule';
import { isFunctionReference, isRecord, staticFields } from '../shared/definition';
import { singular, wordsOf } from '../shared/words';

const MAX_LABEL_LENGTH = 64;
const TEMPLATE_VARIABLE = /{{[^{}]*}}/g;
/** `{{bundle.authData.key}}`, filters (`| slice:0:8`) allowed: the key. */
const AUTH_DATA_VARIABLE = /{{\s*bundle\.authData\.(\w+)\s*(?:\|[^}]*)?}}/g;
/**
 * The auth types whose `authData` holds only the connection's fields (and,
 * for basic and digest, the username and password): with oauth2 or a
 * session, a token request or the session's function adds keys unknown here.
 */
const FIELDS_ONLY: Record<string, readonly string[]> = {
  custom: [],
  basic: ['username', 'password'],
  digest: ['username', 'password'],
};

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
    category: 'warning',
    categoryEvidence: "zapier-beliq's ROADMAP: a general (non-blocking) warning",
    requirement:
      'the connection label is set, short, and identifies the account with what the connection holds',
    url: zapierReference('D003'),
    needs: ['definition'],
    messages: {
      missing: 'set it to what identifies the account, e.g. "{{email}}"',
      computed:
        'it is computed (a function or a request); check on a connection that it names the account',
      notAString: 'make it a string template, a function or a request',
      noSuchField:
        '"%{label}": %{keys} is no field of the connection, so every connection gets a blank label; name a field it has, or what the test returns',
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
    const known = FIELDS_ONLY[authentication.type ?? ''];
    if (known !== undefined) {
      const fields = new Set([
        ...known,
        ...staticFields(authentication.fields).map((field) => field.key),
      ]);
      const missing = Array.from(
        label.matchAll(AUTH_DATA_VARIABLE),
        ([, key = '']) => key,
      ).filter((key) => !fields.has(key));
      if (missing.length > 0) {
        report(PLACE, 'noSuchField', { label, keys: missing.join(', ') });
      }
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

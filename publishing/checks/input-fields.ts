/** Input fields of triggers, searches and creates: D001, D004, D009, D011, D022. */
import type { FieldDefinition, Step } from '../definition';
import { isRecord, staticFields, stepsOf, visibleSteps } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';

/**
 * The words of a key or label, lowercase: `apiToken`, `api_token`,
 * `API-Token` and "API Token" are all ["api", "token"].
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Words, and pairs of words, that name an authentication secret. D001 is
 * about credentials: a digital signature a document asks for is not one, so
 * "signature" counts only as a signing key or secret.
 */
const CREDENTIAL_WORDS = new Set([
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'jwt',
]);
const CREDENTIAL_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'secret key',
  'signing key',
  'signature key',
]);
/** A token these words qualify is data, not a credential: a page token, an uploaded file's token. */
const DATA_TOKEN_QUALIFIERS = new Set([
  'page',
  'paging',
  'pagination',
  'next',
  'previous',
  'prev',
  'cursor',
  'continuation',
  'sync',
  'file',
  'upload',
  'attachment',
  'download',
]);

function namesACredential(text: string): boolean {
  const words = wordsOf(text);
  return words.some((word, index) => {
    if (word === 'token' && DATA_TOKEN_QUALIFIERS.has(words[index - 1] ?? '')) {
      return false;
    }
    return (
      CREDENTIAL_WORDS.has(word) ||
      CREDENTIAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`)
    );
  });
}

/** A field where the user types a credential: by its type, key or label. */
export function asksForCredential(field: FieldDefinition): boolean {
  return (
    field.type === 'password' ||
    namesACredential(field.key ?? '') ||
    namesACredential(field.label ?? '')
  );
}

function inputFieldsOf(step: Step): { field: FieldDefinition; at: string }[] {
  return staticFields(step.definition.operation?.inputFields).map((field, index) => ({
    field,
    at: `${step.path} input field ${field.key ?? `#${index}`}`,
  }));
}

function allInputFields(input: Parameters<Check['run']>[0]) {
  return stepsOf(input.definition).flatMap(inputFieldsOf);
}

export const D001: Check = {
  id: 'D001',
  requirement:
    'no trigger, search or create asks for a credential: credentials belong in authentication',
  run(input): Finding[] {
    return allInputFields(input)
      .filter(({ field }) => asksForCredential(field))
      .map(({ at }) =>
        failure(`${at}: remove it and ask for the credential in authentication.fields`),
      );
  },
};

/** A field asking for an ID: its key or label ends in the word "id" (`list_id`, `listID`, "List Id"). */
function asksForId(field: FieldDefinition): boolean {
  return [field.key ?? '', field.label ?? ''].some(
    (text) => wordsOf(text).at(-1) === 'id',
  );
}

/**
 * An ID from the user's other system ("External ID", `customer_external_id`),
 * to be stored with the record: the app has no list of those to offer.
 */
function namesAnotherSystemsId(field: FieldDefinition): boolean {
  return [field.key ?? '', field.label ?? ''].some((text) =>
    wordsOf(text).includes('external'),
  );
}

/** A dropdown of core 19's newer kind: its choices come from a function (`choices: { perform }`). */
const hasPerformedChoices = (field: FieldDefinition) =>
  isRecord(field.choices) && field.choices.perform !== undefined;

export const D004: Check = {
  id: 'D004',
  requirement:
    'every input field of a visible step that asks for an ID offers a dynamic dropdown',
  run(input): Finding[] {
    // A hidden step's fields are filled by the app's own dropdowns, never by a user.
    return visibleSteps(input.definition)
      .flatMap(inputFieldsOf)
      .filter(
        ({ field }) =>
          asksForId(field) &&
          !namesAnotherSystemsId(field) &&
          field.dynamic === undefined &&
          !hasPerformedChoices(field),
      )
      .map(({ at }) =>
        failure(`${at}: give it a dynamic dropdown ("dynamic": "trigger_key.id.label")`),
      );
  },
};

export const D009: Check = {
  id: 'D009',
  requirement: 'every search has at least one input field',
  run({ definition }): Finding[] {
    return stepsOf(definition)
      .filter(
        (step) =>
          step.kind === 'search' &&
          (step.definition.operation?.inputFields ?? []).length === 0,
      )
      .map((step) => failure(`${step.path}: add an input field to search by`));
  },
};

/** Words that say nothing about a field: "Enter the email" says no more than "Email". */
const FILLER_WORDS = new Set(
  'a an the your this that is of for here please enter type input provide specify fill in field value'.split(
    ' ',
  ),
);

const meaningfulWords = (text: string) =>
  wordsOf(text)
    .filter((word) => !FILLER_WORDS.has(word))
    .join(' ');

/** Help text that only repeats the label, give or take filler words. */
export function repeatsLabel(field: FieldDefinition): boolean {
  return (
    field.helpText !== undefined &&
    field.label !== undefined &&
    meaningfulWords(field.helpText) === meaningfulWords(field.label)
  );
}

export const D011: Check = {
  id: 'D011',
  requirement: 'help text says more than the field label',
  run(input): Finding[] {
    const authentication = staticFields(input.definition.authentication?.fields).map(
      (field, index) => ({
        field,
        at: `authentication field ${field.key ?? `#${index}`}`,
      }),
    );
    return [...authentication, ...allInputFields(input)]
      .filter(({ field }) => repeatsLabel(field))
      .map(({ at }) =>
        failure(`${at}: make the help text explain the field, not repeat its label`),
      );
  },
};

export const D022: Check = {
  id: 'D022',
  requirement: 'every create has static (not only dynamic) input fields',
  run({ definition }): Finding[] {
    return stepsOf(definition)
      .filter(
        (step) =>
          step.kind === 'create' &&
          staticFields(step.definition.operation?.inputFields).length === 0,
      )
      .map((step) =>
        failure(
          `${step.path}: declare at least one input field in the definition, not only in a function`,
        ),
      );
  },
};

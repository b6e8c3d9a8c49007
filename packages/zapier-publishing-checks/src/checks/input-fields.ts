/** Input fields of triggers, searches and creates: D001, D004, D009, D011, D022. */
import type { FieldDefinition, Step } from '../definition';
import { isRecord, staticFields, stepsOf, visibleSteps } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';
import { packageNameOf } from '../sources';
import { singular, wordsOf } from '../words';

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
  // A tokenised payment instrument: what a payment step handles.
  'card',
  'payment',
  'source',
  'instrument',
]);

/** "Page Token", `creditCardToken`: a token these words make data. */
function namesADataToken(text: string): boolean {
  const words = wordsOf(text);
  return words.some(
    (word, index) =>
      word === 'token' && DATA_TOKEN_QUALIFIERS.has(words[index - 1] ?? ''),
  );
}

/** `token` alone counts unless the field says elsewhere that its token is data. */
function namesACredential(text: string, tokenIsData: boolean): boolean {
  const words = wordsOf(text);
  return words.some((word, index) => {
    if (
      word === 'token' &&
      (tokenIsData || DATA_TOKEN_QUALIFIERS.has(words[index - 1] ?? ''))
    ) {
      return false;
    }
    return (
      CREDENTIAL_WORDS.has(word) ||
      CREDENTIAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`)
    );
  });
}

/**
 * A field where the user types a credential: by its type, key or label. Its
 * key, label and help text are read together: a field labelled "Token" whose
 * key is `creditCardToken` holds a card's token, which is data.
 */
export function asksForCredential(field: FieldDefinition): boolean {
  const tokenIsData = [field.key, field.label, field.helpText].some((text) =>
    namesADataToken(text ?? ''),
  );
  return (
    field.type === 'password' ||
    namesACredential(field.key ?? '', tokenIsData) ||
    namesACredential(field.label ?? '', tokenIsData)
  );
}

function inputFieldsOf(step: Step): { field: FieldDefinition; at: string }[] {
  return staticFields(step.definition.operation?.inputFields).map((field, index) => ({
    field,
    at: `${step.path} input field ${field.key ?? `#${index}`}`,
  }));
}

export const noCredentialsAskedInSteps: Check = {
  id: 'D001',
  requirement:
    'no trigger, search or create asks for a credential: credentials belong in authentication',
  run(input): Finding[] {
    // What a search finds is data, whatever it is called ("Find Access Key").
    return stepsOf(input.definition)
      .flatMap((step) => inputFieldsOf(step).map((entry) => ({ ...entry, step })))
      .filter(
        ({ field, step }) =>
          asksForCredential(field) && !namesSearchedObject(step, field),
      )
      .map(({ at }) =>
        failure(`${at}: remove it and ask for the credential in authentication.fields`),
      );
  },
};

/**
 * D004 asks that an ID of one of the app's objects be picked from a dynamic
 * dropdown: "people don't speak in auto-incremented IDs" (Zapier's guide to
 * dynamic dropdowns), so the Zap editor offers the user's projects, lists or
 * boards by name. The rule is about fields a user fills by picking one of
 * their objects in this app; it leaves alone:
 * - a field that already offers choices (`dynamic`, static `choices`, or
 *   `choices: { perform }`);
 * - a search's own lookup key, the ID of the object the search finds, which
 *   a Zap maps from an earlier step;
 * - the ID of the record a create makes, which does not exist yet;
 * - an identifier the user supplies or owns (their other system's, a
 *   reference they assign, one they make up), of which the app has no list;
 * - a position to page from (a cursor), which is no choice;
 * - hidden steps, whose fields the app's own dropdowns fill.
 */

/** The words that name an identifier: `list_id`, `listID`, "List Guid", `user_uuid`, `tag_ids`. */
const ID_WORDS = new Set(['id', 'ids', 'guid', 'guids', 'uuid', 'uuids']);

/**
 * The words before the first ID word, when a key or label names an ID:
 * "Client id - [data.id]" is the client's, `data.id` is data's.
 */
function idObjectWords(text: string): string[] | undefined {
  const words = wordsOf(text);
  const at = words.findIndex((word) => ID_WORDS.has(word));
  return at === -1 || !ID_WORDS.has(words.at(-1) ?? '') ? undefined : words.slice(0, at);
}

/** Help text that says the value is an ID: "The Caller ID.", "ID of the list to add to." */
const SAYS_IT_IS_AN_ID =
  /^\s*(?:the\s+(?:[\w-]+\s+){0,3}(?:id|uuid|guid)\b|(?:the\s+)?(?:id|uuid|guid)\s+of\s+(?:the|a|an)\b)/i;

const asksForId = (field: FieldDefinition) =>
  idObjectWords(field.key ?? '') !== undefined ||
  idObjectWords(field.label ?? '') !== undefined ||
  SAYS_IT_IS_AN_ID.test(field.helpText ?? '');

/** Choices written out (a list or a value-to-label map), or a function that gives them (`{ perform }`, core 19). */
const offersChoices = (field: FieldDefinition) =>
  field.dynamic !== undefined ||
  (Array.isArray(field.choices) && field.choices.length > 0) ||
  (isRecord(field.choices) && Object.keys(field.choices).length > 0);

/**
 * An identifier that is the user's, not one of the app's objects: from their
 * other system ("external"), a reference they assign ("Client Reference ID"),
 * or one the help text gives to them to choose ("your own ID", "of your
 * choice", "you assign").
 */
const USERS_OWN =
  /\b(?:your own|of your choice|you (?:choose|pick|assign|define|set|provide|supply|make up)|unique to you|in your (?:system|database|app|application|crm))\b/i;

function isUsersOwnId(field: FieldDefinition): boolean {
  const owned = (text: string) => {
    const words = wordsOf(text);
    const at = words.findIndex((word) => ID_WORDS.has(word));
    return (
      words.includes('external') || ['reference', 'ref'].includes(words[at - 1] ?? '')
    );
  };
  return (
    owned(field.key ?? '') ||
    owned(field.label ?? '') ||
    USERS_OWN.test(field.helpText ?? '')
  );
}

/** A position in a list to page from (`lastId`, "Used for cursor pagination"), not a choice. */
const PAGING = /\b(?:cursor|paging|pagination|paginate|next page|previous page)\b/i;
const pagesAList = (field: FieldDefinition) =>
  PAGING.test(`${field.label ?? ''} ${field.helpText ?? ''}`);

/** Words compared as a phrase, each in the singular. */
const phrase = (words: string[]) => words.map(singular).join(' ');

/** The object a step is about: its noun ("Contact", "Access Key"). */
const stepObjectWords = (step: Step) => phrase(wordsOf(step.definition.noun ?? ''));

/** Whether `words` name the step's own object: none (a bare ID), or its noun. */
const namesStepObject = (step: Step, words: string[] | undefined) =>
  words !== undefined && (words.length === 0 || phrase(words) === stepObjectWords(step));

/**
 * A search's lookup key: what the search finds, by a bare ID, the ID of its
 * object (`contact_id` in Find Contact), or its object itself ("Access Key"
 * in View Access Key). A Zap maps it from an earlier step.
 */
function namesSearchedObject(step: Step, field: FieldDefinition): boolean {
  if (step.kind !== 'search') {
    return false;
  }
  const noun = stepObjectWords(step);
  return [field.key ?? '', field.label ?? ''].some(
    (text) =>
      namesStepObject(step, idObjectWords(text)) ||
      (noun !== '' && phrase(wordsOf(text)) === noun),
  );
}

/** A create that makes a new record: Create, Add or New in its label or key. */
const CREATING = /^(?:create|add|new|post|insert)\b/i;
/** A create that may change a record that exists, or a field that says it picks one. */
const UPDATING = /\b(?:update|upsert|edit|modify|existing)\b/i;

/** The ID of the record a create makes: it does not exist yet, so there is nothing to pick. */
function namesCreatedRecord(step: Step, field: FieldDefinition): boolean {
  const label = step.definition.display?.label ?? '';
  const stepKey = wordsOf(step.key).join(' ');
  // "Create or Update Payer": the ID picks the record to update, when there is one.
  const makesARecord =
    step.kind === 'create' &&
    (CREATING.test(label) || CREATING.test(stepKey)) &&
    !UPDATING.test(`${label} ${stepKey} ${field.helpText ?? ''}`);
  return (
    makesARecord &&
    [field.label ?? '', field.key ?? ''].some((text) => {
      const object = idObjectWords(text);
      return object !== undefined && object.length > 0 && namesStepObject(step, object);
    })
  );
}

export const idFieldsOfferDropdowns: Check = {
  id: 'D004',
  requirement:
    "every input field of a visible step that asks for the ID of one of the app's objects offers a dropdown",
  run(input): Finding[] {
    return visibleSteps(input.definition)
      .flatMap((step) => inputFieldsOf(step).map((entry) => ({ ...entry, step })))
      .filter(
        ({ field, step }) =>
          asksForId(field) &&
          !offersChoices(field) &&
          !isUsersOwnId(field) &&
          !pagesAList(field) &&
          !namesSearchedObject(step, field) &&
          !namesCreatedRecord(step, field),
      )
      .map(({ at }) =>
        failure(`${at}: give it a dynamic dropdown ("dynamic": "trigger_key.id.label")`),
      );
  },
};

export const searchesHaveInputFields: Check = {
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

/**
 * Words that carry no meaning of their own in help text: articles, pronouns,
 * prepositions, auxiliaries, and the openings that ask for a value ("Enter",
 * "Choose your", "Please select"). "The name of the team." says no more than
 * "Team Name".
 */
const NOT_CONTENT = new Set(
  [
    'a an the this that these those each any some',
    'i me my we our you your yours it its they them their',
    'is are be been was were will can could should would may might must do does',
    'of for to in on at by with from into as about and or',
    'please enter type input provide specify fill choose select pick set give add write put',
    'here want wish like use used which what whose who',
    // The editor shows a field's name and whether it is required itself.
    'field value optional required',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a text that carry meaning, each in the singular. */
const contentWords = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => !NOT_CONTENT.has(word))
      .map(singular),
  );

/**
 * Help text that adds no content word to what the user already reads: the
 * field's label and, beside it, the step's label and noun ("Input variables
 * for the agent" in Run Agent) and the app's name.
 */
export function repeatsLabel(field: FieldDefinition, context = ''): boolean {
  if (field.helpText === undefined || field.label === undefined) {
    return false;
  }
  const shown = contentWords(`${field.label} ${context}`);
  return [...contentWords(field.helpText)].every((word) => shown.has(word));
}

export const helpTextSaysMoreThanTheLabel: Check = {
  id: 'D011',
  requirement: 'help text says more than the field label',
  run(input): Finding[] {
    // The app's name is on every screen of it: its listing's title, else its package's name.
    const appName = input.listing.found
      ? input.listing.listing.title
      : packageNameOf(input.sources);
    const authentication = staticFields(input.definition.authentication?.fields).map(
      (field, index) => ({
        field,
        at: `authentication field ${field.key ?? `#${index}`}`,
        context: appName,
      }),
    );
    const steps = stepsOf(input.definition).flatMap((step) =>
      inputFieldsOf(step).map((entry) => ({
        ...entry,
        context: `${appName} ${step.definition.display?.label ?? ''} ${step.definition.noun ?? ''}`,
      })),
    );
    return [...authentication, ...steps]
      .filter(({ field, context }) => repeatsLabel(field, context))
      .map(({ at }) =>
        failure(`${at}: make the help text explain the field, not repeat its label`),
      );
  },
};

export const createsHaveStaticInputFields: Check = {
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
          (step.definition.operation?.inputFields ?? []).length === 0
            ? `${step.path}: give it an input field the user fills in; it declares none`
            : `${step.path}: declare at least one input field in the definition, not only in a function`,
        ),
      );
  },
};

/**
 * The rules a new version is held to against the previous public one and
 * the versions already pushed, each with the same meta as a check's
 * (docs/versioning.md has their text). What a rule's change means for
 * existing Zaps decides the version it needs.
 */
import type { RuleMeta } from '../rule';
import { zapierReference } from '../rule';

const GUARDRAILS =
  'https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails';
const MATRIX = 'https://docs.zapier.com/integrations/manage/planning-changes';
const REQUIRED_INPUT = 'https://platform.zapier.com/manage/required-input';
const MIGRATIONS =
  'https://docs.zapier.com/integrations/news/2026/migrations-same-major-version';
const PUSH_RULES =
  'https://docs.zapier.com/integrations/news/2026/no-skip-or-intermediate-versions';

/**
 * - `guardrail`: Zapier pauses a promotion without a new major;
 * - `matrix`: the versioning matrix calls it breaking (a new major), Zapier does not check it;
 * - `template`: breaks Zap templates only (C001 to C003): a warning;
 * - `advice`: what a new major means for users;
 * - `push`: Zapier refuses the push (403).
 */
export type VersioningKind = 'guardrail' | 'matrix' | 'template' | 'advice' | 'push';

export interface VersioningRuleMeta extends RuleMeta {
  kind: VersioningKind;
}

const RAISE = 'or raise the major';

/** One field-level rule's messages, for the fields' owners (`users`, `holders`). */
const fieldMessages = (users: string, holders: string) =>
  ({
    removed: `removed: ${users} lose its value; keep the field (the code may ignore it), ${RAISE}`,
    movedToFunction: `no longer written out: Zapier compares the definitions and sees it removed (the function that computes the fields may still give it, which Zapier does not read), and ${users} lose its value if it does not; write it out again, ${RAISE}`,
    addedRequired: `added as required without a default: ${holders} have no value for it and fail; make it optional, or give it a default, ${RAISE}`,
    typeChanged: `type %{before} became %{after}: values saved in existing Zaps may not fit; keep the type, ${RAISE}`,
  }) as const;

const INPUT_FIELD = fieldMessages('existing Zaps that fill it', 'existing Zaps');
const AUTH_FIELD = fieldMessages('connected accounts that hold it', 'connected accounts');

const rule = <const Messages extends Record<string, string>>(
  meta: Omit<VersioningRuleMeta, 'needs' | 'messages'> & { messages: Messages },
) => ({ needs: ['previous'] as const, ...meta });

export const VERSIONING_RULES = {
  'removed-step': rule({
    id: 'removed-step',
    name: 'steps-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'every trigger, search and create of the public version is still there',
    url: GUARDRAILS,
    messages: {
      removed: `removed: existing Zaps that use it stop; hide it instead (display.hidden), ${RAISE}`,
    },
  }),
  'renamed-step': rule({
    id: 'renamed-step',
    name: 'step-keys-not-renamed',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'no step key of the public version is renamed',
    url: GUARDRAILS,
    messages: {
      renamed: `renamed to %{to} (same label): Zapier sees %{key} removed and existing Zaps that use it stop; keep the key (hide it and add the new one beside it), ${RAISE}`,
    },
  }),
  'auth-type': rule({
    id: 'auth-type',
    name: 'auth-type-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: "the authentication type is the public version's",
    url: GUARDRAILS,
    messages: {
      changed: `type %{before} became %{after}: every connected account must connect again and existing Zaps stop (its fields are not compared); keep %{before}, ${RAISE}`,
    },
  }),
  'trigger-type': rule({
    id: 'trigger-type',
    name: 'trigger-types-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'no trigger switches between polling and hook',
    url: GUARDRAILS,
    messages: {
      switched: `a %{before} trigger became a %{after} trigger: existing Zaps were set up for the other kind and stop; add the %{after} trigger under a new key and hide this one, ${RAISE}`,
    },
  }),
  'removed-search-or-create': rule({
    id: 'removed-search-or-create',
    name: 'search-or-creates-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'every search-or-create of the public version is still there',
    url: GUARDRAILS,
    messages: { removed: `removed: existing Zaps that use it stop; keep it, ${RAISE}` },
  }),
  'removed-input-field': rule({
    id: 'removed-input-field',
    name: 'existing-steps-keep-input-fields',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'every input field key of an existing step is still there',
    url: GUARDRAILS,
    messages: {
      removed: INPUT_FIELD.removed,
      movedToFunction: INPUT_FIELD.movedToFunction,
    },
  }),
  'renamed-input-field': rule({
    id: 'renamed-input-field',
    name: 'input-field-keys-not-renamed',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'no input field key of an existing step is renamed',
    url: GUARDRAILS,
    messages: {
      renamed: `renamed to %{to} (same label): Zapier sees %{key} removed and existing Zaps that fill it lose its value; keep the key %{key} (the request may name it anything), ${RAISE}`,
    },
  }),
  'newly-required-field': rule({
    id: 'newly-required-field',
    name: 'optional-fields-stay-optional',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'no optional input field becomes required without a default',
    url: GUARDRAILS,
    messages: {
      madeRequired: `optional before, now required without a default: Zaps that left it empty fail; keep it optional, give it a default, ${RAISE}`,
    },
  }),
  'input-field-type': rule({
    id: 'input-field-type',
    name: 'input-field-types-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'every input field keeps its type (and whether it is a list)',
    url: GUARDRAILS,
    messages: { typeChanged: INPUT_FIELD.typeChanged },
  }),
  'json-schema': rule({
    id: 'json-schema',
    name: 'json-schemas-not-narrowed',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: "no json input field's schema refuses a value the public version took",
    url: GUARDRAILS,
    messages: {
      narrowed: `its JSON schema narrowed (%{narrowing}): a value existing Zaps send may be refused; keep the schema as wide, ${RAISE}`,
    },
  }),
  'auth-field': rule({
    id: 'auth-field',
    name: 'auth-fields-kept',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement:
      'no authentication field is removed, added as required or changes its type',
    url: GUARDRAILS,
    messages: AUTH_FIELD,
  }),
  'renamed-auth-field': rule({
    id: 'renamed-auth-field',
    name: 'auth-field-keys-not-renamed',
    kind: 'guardrail',
    category: 'publishing-task',
    categoryEvidence: "Zapier's news, 2026-05-12: promotion pauses",
    requirement: 'no authentication field key is renamed',
    url: GUARDRAILS,
    messages: {
      renamed: `renamed to %{to} (same label): Zapier sees %{key} removed and connected accounts that hold it lose its value; keep the key %{key} (the request may name it anything), ${RAISE}`,
    },
  }),
  'removed-output-field': rule({
    id: 'removed-output-field',
    name: 'output-fields-kept',
    kind: 'matrix',
    category: 'warning',
    categoryEvidence:
      "Zapier's promotion check does not read it (news, 2026-05-12): it blocks nothing",
    requirement: 'every output field key an existing step returned is still returned',
    url: MATRIX,
    messages: {
      removed: `output field removed: later steps of existing Zaps that map it get nothing; keep returning and declaring it, ${RAISE}`,
      movedToFunction:
        'output field no longer written out (the function that computes the output fields may still give it): if the step no longer returns it, Zaps that map it get nothing',
    },
  }),
  'new-required-field': rule({
    id: 'new-required-field',
    name: 'no-new-required-fields',
    kind: 'matrix',
    category: 'warning',
    categoryEvidence:
      "Zapier's promotion check does not read it (news, 2026-05-12): it blocks nothing",
    requirement: 'no existing step gains a required input field without a default',
    url: REQUIRED_INPUT,
    messages: { addedRequired: INPUT_FIELD.addedRequired },
  }),
  C001: rule({
    id: 'C001',
    name: 'visible-steps-kept',
    kind: 'template',
    category: 'warning',
    categoryEvidence: null,
    requirement: 'every step visible in the public version stays visible',
    url: zapierReference('C001'),
    messages: {
      hidden:
        'hidden: Zap templates built on it stop working (existing Zaps keep running)',
      removed: 'removed: Zap templates built on it stop working',
      renamed: 'renamed to %{to}: Zap templates built on it stop working',
    },
  }),
  C002: rule({
    id: 'C002',
    name: 'input-field-keys-kept',
    kind: 'template',
    category: 'warning',
    categoryEvidence: null,
    requirement: 'every input field key of a visible step stays',
    url: zapierReference('C002'),
    messages: {
      removed: 'removed: Zap templates that fill it lose its value',
      renamed: 'renamed to %{to}: Zap templates that fill it lose its value',
    },
  }),
  C003: rule({
    id: 'C003',
    name: 'sample-keys-kept',
    kind: 'template',
    category: 'warning',
    categoryEvidence: null,
    requirement: 'every sample key of a visible step stays',
    url: zapierReference('C003'),
    messages: {
      removed: 'sample key removed or renamed: Zap templates that map it lose its value',
    },
  }),
  migrate: rule({
    id: 'migrate',
    name: 'users-migrate-within-a-major',
    kind: 'advice',
    category: 'warning',
    categoryEvidence: 'advice, no check: it blocks nothing',
    requirement: 'users move to a new version only within one major',
    url: MIGRATIONS,
    messages: {
      newMajor:
        '%{now}: users of %{major}.x are not migrated to it (Zapier migrates within one major only): they update their Zaps by hand, or %{previous} gets deprecated',
    },
  }),
  push: {
    id: 'push',
    name: 'versions-pushed-in-order',
    kind: 'push',
    category: 'error',
    categoryEvidence: "Zapier's news, 2026-02-23: the push is refused (403)",
    requirement:
      "Zapier's push rules: a version's predecessor exists, and it lands on no newer release of its line",
    url: PUSH_RULES,
    needs: ['versions'] as const,
    messages: {
      labelled: '%{next} is labelled: the push rules do not apply to it',
      alreadyPushed:
        '%{next} is already pushed: a push replaces it, the rules for a new version do not apply',
      missingPredecessor:
        '%{next} requires %{wanted} to exist: push %{first} first (or number this version after what exists)',
      behind:
        '%{next} would land behind %{ahead} on its line: push a version after them instead',
      noPredecessor: '%{next} needs no predecessor',
      follows: '%{next} follows %{wanted}',
    },
  },
} as const satisfies Record<string, VersioningRuleMeta>;

export type VersioningRuleId = keyof typeof VERSIONING_RULES;

/** The message IDs of one rule. */
export type MessageOf<Id extends VersioningRuleId> =
  keyof (typeof VERSIONING_RULES)[Id]['messages'] & string;

/** Whether a change of this rule breaks existing Zaps (and so needs a new major). */
export const breaksZaps = (id: VersioningRuleId) =>
  ['guardrail', 'matrix'].includes(VERSIONING_RULES[id].kind);

/** Whether Zapier's promotion check pauses a promotion for a change of this rule without a new major. */
export const pausesPromotion = (id: VersioningRuleId) =>
  VERSIONING_RULES[id].kind === 'guardrail';

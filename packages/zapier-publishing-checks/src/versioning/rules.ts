/**
 * The rules a new version is held to against the previous public one, each
 * with Zapier's page (docs/rules.md has their text). What a rule's change
 * means for existing Zaps decides the version it needs.
 */

const GUARDRAILS =
  'https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails';
const MATRIX = 'https://docs.zapier.com/integrations/manage/planning-changes';
const REQUIRED_INPUT = 'https://platform.zapier.com/manage/required-input';
const CHECKS = 'https://docs.zapier.com/platform/publish/integration-checks-reference';
export const MIGRATIONS =
  'https://docs.zapier.com/integrations/news/2026/migrations-same-major-version';
export const PUSH_RULES =
  'https://docs.zapier.com/integrations/news/2026/no-skip-or-intermediate-versions';

/**
 * - `guardrail`: Zapier pauses a promotion without a new major;
 * - `matrix`: the versioning matrix calls it breaking (a new major), Zapier does not check it;
 * - `template`: breaks Zap templates only (C001 to C003): a warning.
 */
export type RuleKind = 'guardrail' | 'matrix' | 'template';

export interface Rule {
  kind: RuleKind;
  link: string;
}

export const RULES = {
  'removed-step': { kind: 'guardrail', link: GUARDRAILS },
  'auth-type': { kind: 'guardrail', link: GUARDRAILS },
  'trigger-type': { kind: 'guardrail', link: GUARDRAILS },
  'removed-search-or-create': { kind: 'guardrail', link: GUARDRAILS },
  'removed-input-field': { kind: 'guardrail', link: GUARDRAILS },
  'newly-required-field': { kind: 'guardrail', link: GUARDRAILS },
  'auth-field': { kind: 'guardrail', link: GUARDRAILS },
  'input-field-type': { kind: 'guardrail', link: GUARDRAILS },
  'json-schema': { kind: 'guardrail', link: GUARDRAILS },
  'renamed-step': { kind: 'guardrail', link: GUARDRAILS },
  'renamed-input-field': { kind: 'guardrail', link: GUARDRAILS },
  'renamed-auth-field': { kind: 'guardrail', link: GUARDRAILS },
  'removed-output-field': { kind: 'matrix', link: MATRIX },
  'new-required-field': { kind: 'matrix', link: REQUIRED_INPUT },
  C001: { kind: 'template', link: `${CHECKS}#C001` },
  C002: { kind: 'template', link: `${CHECKS}#C002` },
  C003: { kind: 'template', link: `${CHECKS}#C003` },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

/** Whether a change of this rule breaks existing Zaps (and so needs a new major). */
export const breaksZaps = (rule: RuleId) => RULES[rule].kind !== 'template';

/**
 * What a rule is and what it finds: the types every rule, the versioning
 * rules, the runner and the formats share. It imports no rule, so nothing
 * that needs these types depends on the list of rules.
 */
import { isAbsolute, join, relative, sep } from 'node:path';

import type { RuleInput } from './input';
import type { CodeLocation, Place } from './place';
import type { Step } from './shared/definition';

export type { CodeLocation, Place };
export { placeText } from './place';

/**
 * Zapier's category of a finding: an error blocks a push; a publishing task
 * blocks promotion and publishing; a warning is for a human reviewer and
 * blocks nothing.
 */
export type Category = 'error' | 'publishing-task' | 'warning';

/** What a rule reads besides the definition: the app's code, its local runs, its listing; or, for the versioning rules, the previous version or the pushed ones. */
export type Need =
  'definition' | 'sources' | 'runs' | 'listing' | 'previous' | 'versions';

/**
 * A finding's status: its rule's category (an error, a publishing task, a
 * warning); or deferred, when this offline run cannot decide it (Zapier
 * does, on a live run or a connection): never counted as any.
 */
export type FindingStatus = Category | 'deferred';

/**
 * A fix as a rule declares it, as data: the string property of the
 * definition the finding is about, its value, and what it becomes (null:
 * the property is removed). `src/fix/` finds the literal in the app's code.
 */
export interface FixRequest {
  /** The property's path from the definition's root: `triggers.new_lead.display.label`. */
  path: string;
  /** Its value as the app defines it. */
  value: string;
  /** The new text, or null to remove the property. */
  text: string | null;
}

/**
 * A suggestion: a change that alters what the app does, or needs words
 * only its author has. Shown with its finding, never applied by `--fix`.
 */
export interface Suggestion {
  /** What to change, in one line. */
  description: string;
  /** The property's path from the definition's root. */
  path: string;
  /** The proposed value, as it would be written (`false`, `"Triggers when …."`). */
  text: string;
}

/** Where a fix is written in the app's code (`src/fix/`), or why it cannot be applied. */
export type FixPlace =
  | {
      /** Relative to the app's folder. */
      file: string;
      /** Offsets in the file's text (UTF-16 code units): the characters replaced, `end` excluded. */
      start: number;
      end: number;
      /** 1-based line and column of `start` and `end`. */
      startLine: number;
      startColumn: number;
      endLine: number;
      endColumn: number;
      /** The replacement. */
      text: string;
    }
  | { reason: string };

export interface Finding {
  status: FindingStatus;
  /**
   * Its category is unconfirmed: no evidence gave the rule's category
   * (`meta.categoryEvidence` null), or the finding reads further than the
   * evidence reached (`report.unconfirmed`). Absent when decided.
   */
  unconfirmed?: true;
  /** The fix the rule declares (its meta is `fixable`), and where it is written once the code is read. */
  fix?: FixRequest & { at?: FixPlace };
  /** Changes for the author to weigh (its meta `hasSuggestions`). */
  suggestions?: Suggestion[];
  /** Why the team's config ignores it (`ignore` entry's reason); absent when it counts. */
  ignored?: string;
  /** Where in the app's code its place is written (`locate.ts`), once the command has read the code. */
  near?: CodeLocation;
  /** The key of the rule's `meta.messages` the message was made from. */
  messageId: string;
  /** What is wrong and what to change, in one line, without the place. */
  message: string;
  place: Place;
}

export interface RuleMeta {
  /** Zapier's ID (`D021`), or this package's own (`local:json-field-schema`). */
  id: string;
  /** What the rule requires, in a few words, as a name (`trigger-descriptions-say-triggers-when`). */
  name: string;
  /** Zapier's category of its findings; where `categoryEvidence` is null, the best reading. */
  category: Category;
  /**
   * Where the category comes from, in a few words: a recorded verdict
   * (repository and commit), Zapier's page, or the team's config. Null: no
   * evidence gave it, and every finding says its category is unconfirmed.
   */
  categoryEvidence: string | null;
  /** The team's config that set the category (its file, or package.json's key), not Zapier: every finding says so. */
  categorySetBy?: string;
  /** What the rule requires, in one line: a passing check's line says it. */
  requirement: string;
  /**
   * Zapier's page for the rule (its reference's anchor, a news post), or
   * null for this package's own rules (`local:…`): their page ships in this
   * package only (`linkOf` gives it as a file).
   */
  url: string | null;
  needs: readonly Need[];
  /** Every message the rule reports, by ID; `%{name}` is filled from the report's data. */
  messages: Readonly<Record<string, string>>;
  /** It declares fixes that change only what a user reads and settle the finding (`--fix` applies them). */
  fixable?: 'text';
  /** It declares suggestions: shown, never applied. */
  hasSuggestions?: boolean;
}

/**
 * The steps a rule judges, for a rule that reads only some: with none of
 * them visible in the app, its pass judged nothing, and its line says so.
 */
export interface Judges {
  steps(step: Step): boolean;
  /** What they are, in the singular: "polling trigger". */
  noun: string;
}

export interface Rule {
  meta: RuleMeta;
  judges?: Judges;
  check(input: RuleInput): Finding[];
}

/** The `%{name}` placeholders of a message template, as a union of names. */
type Placeholders<Template extends string> =
  Template extends `${string}%{${infer Name}}${infer Rest}`
    ? Name | Placeholders<Rest>
    : never;

/** The data a message needs: none, or a value for each placeholder. */
type DataFor<Template extends string> = [Placeholders<Template>] extends [never]
  ? []
  : [data: Record<Placeholders<Template>, string | number>];

/** What a report returns: the finding, to give a fix or a suggestion (the meta must declare them). */
export interface Reported {
  fix(request: FixRequest): void;
  suggest(suggestion: Suggestion): void;
}

/** How a rule reports: a finding it decided, or one it leaves to Zapier (`deferred`). */
export interface Report<Messages extends Record<string, string>> {
  <Id extends keyof Messages & string>(
    place: Place,
    messageId: Id,
    ...data: DataFor<Messages[Id]>
  ): Reported;
  deferred<Id extends keyof Messages & string>(
    place: Place,
    messageId: Id,
    ...data: DataFor<Messages[Id]>
  ): Reported;
  /**
   * A finding of the rule's category where its reading goes further than
   * the evidence (Zapier's prose is ambiguous, no verdict is known): its
   * category is marked unconfirmed.
   */
  unconfirmed<Id extends keyof Messages & string>(
    place: Place,
    messageId: Id,
    ...data: DataFor<Messages[Id]>
  ): Reported;
}

export interface RuleDefinition<Messages extends Record<string, string>> {
  meta: RuleMeta & { messages: Messages };
  judges?: Judges;
  check(input: RuleInput, report: Report<Messages>): void;
}

const PLACEHOLDER = /%\{(\w+)\}/g;

/** A message template filled in; a placeholder without data is a mistake of the rule's, said as such. */
export function fillMessage(
  template: string,
  data: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = data[name];
    if (value === undefined) {
      throw new Error(`the message "${template}" needs %{${name}}, which was not given`);
    }
    // A message is one line, whatever the app's text holds.
    return String(value).replace(/\s*[\r\n]+\s*/g, ' ');
  });
}

/** The status a rule's decided findings take: its category. */
export const statusOf = (category: Category): FindingStatus => category;

/** What blocks: an error blocks a push, a publishing task a promotion; a warning nothing. */
export const blocks = (status: ResultStatus) =>
  status === 'error' || status === 'publishing-task';

/**
 * A rule, from its meta and its logic: `check` reports through `report`,
 * each message named by its ID in `meta.messages` and its data checked
 * against the template's placeholders at compile time.
 */
export function defineRule<const Messages extends Record<string, string>>(
  definition: RuleDefinition<Messages>,
): Rule {
  const { meta, judges } = definition;
  return {
    meta,
    ...(judges === undefined ? {} : { judges }),
    check(input) {
      const found: Finding[] = [];
      const add =
        (status: FindingStatus, unconfirmed: boolean) =>
        (place: Place, messageId: string, data?: Record<string, string | number>) => {
          const template = meta.messages[messageId];
          if (template === undefined) {
            throw new Error(`${meta.id} has no message "${messageId}"`);
          }
          const message = fillMessage(template, data);
          const finding: Finding = {
            status,
            ...(unconfirmed ? { unconfirmed: true as const } : {}),
            messageId,
            message,
            place,
          };
          found.push(finding);
          const reported: Reported = {
            fix(request) {
              if (meta.fixable === undefined) {
                throw new Error(`${meta.id} gives a fix, but its meta is not fixable`);
              }
              finding.fix = { ...request };
            },
            suggest(suggestion) {
              if (meta.hasSuggestions !== true) {
                throw new Error(`${meta.id} gives a suggestion, but its meta has none`);
              }
              finding.suggestions = [...(finding.suggestions ?? []), suggestion];
            },
          };
          return reported;
        };
      const guessed = meta.categoryEvidence === null;
      const report = Object.assign(add(statusOf(meta.category), guessed), {
        deferred: add('deferred', false),
        unconfirmed: add(statusOf(meta.category), true),
      }) as unknown as Report<Messages>;
      definition.check(input, report);
      return found;
    },
  };
}

/** Zapier's integration-checks reference, where each ID has its anchor. */
export const ZAPIER_CHECKS_REFERENCE =
  'https://docs.zapier.com/platform/publish/integration-checks-reference';

export const zapierReference = (id: string) => `${ZAPIER_CHECKS_REFERENCE}#${id}`;

/** A rule's page in this package: `docs/rules/D004.md`, `docs/rules/local-json-field-schema.md`. */
export const pageOf = (id: string) => `docs/rules/${id.replace(':', '-')}.md`;

/** This package's folder, where docs/ is: one above src/ and dist/. */
const PACKAGE = join(__dirname, '..');

/** A rule's page as a file of this machine: in the installed package, `…/docs/rules/D004.md`. */
export const pageFileOf = (id: string) => join(PACKAGE, pageOf(id));

/**
 * Where a reader learns about a rule: Zapier's page; for this package's own
 * rules, which have none, their page as a path to open: from `cwd` when the
 * page lies below it (`node_modules/zapier-publishing-checks/docs/rules/…`
 * in an app's folder), else absolute.
 */
export function linkOf(meta: Pick<RuleMeta, 'id' | 'url'>, cwd = process.cwd()): string {
  if (meta.url !== null) {
    return meta.url;
  }
  const page = pageFileOf(meta.id);
  const fromCwd = relative(cwd, page);
  return fromCwd === '..' || fromCwd.startsWith(`..${sep}`) || isAbsolute(fromCwd)
    ? page
    : fromCwd;
}

/** A rule's verdict on an app: pass, or the worst of its findings (error, publishing task, warning, deferred). */
export type ResultStatus = 'pass' | FindingStatus;

export interface RuleResult {
  meta: RuleMeta;
  status: ResultStatus;
  findings: Finding[];
  /** A pass on an app with none of the steps the rule judges: what it lacks ("no visible polling trigger"). */
  nothingToJudge?: string;
}

/**
 * The worst of some findings' statuses: error, publishing task, warning,
 * deferred; none (or only ignored ones) is a pass.
 */
export function worstOf(
  findings: readonly Pick<Finding, 'status' | 'ignored'>[],
): ResultStatus {
  const counted = findings.filter((finding) => finding.ignored === undefined);
  for (const status of ['error', 'publishing-task', 'warning', 'deferred'] as const) {
    if (counted.some((finding) => finding.status === status)) {
      return status;
    }
  }
  return 'pass';
}

/**
 * One line of a report: a finding with the rule that made it, or a rule that
 * passed (its requirement, at no place). Every format prints these.
 */
export interface ReportEntry {
  meta: RuleMeta;
  status: ResultStatus;
  /** Its category is unconfirmed (Finding's); `categoryUnconfirmed` reads it. */
  unconfirmed?: true;
  /** Why the team's config ignores it; absent when it counts. */
  ignored?: string;
  /** Where in the app's code its place is written, when known. */
  near?: CodeLocation;
  /** The key of the rule's message, or `pass`. */
  messageId: string;
  /** A pass that judged nothing: what the app lacks (RuleResult's). */
  nothingToJudge?: string;
  message: string;
  place: Place;
  /** The finding's fix and suggestions (Finding's). */
  fix?: Finding['fix'];
  suggestions?: Suggestion[];
}

/**
 * Whether an entry's category is unconfirmed: a finding in a category
 * (not a pass, not deferred) whose rule's category no evidence gave, or
 * that its rule marked so. The team's config decides it (`applyIgnores`).
 */
export const categoryUnconfirmed = (
  entry: Pick<ReportEntry, 'meta' | 'status' | 'unconfirmed'>,
): boolean =>
  entry.status !== 'pass' &&
  entry.status !== 'deferred' &&
  (entry.unconfirmed === true || entry.meta.categoryEvidence === null);

/** The entries of some results: each finding, or one line for a rule that passed. */
export function entriesOf(results: readonly RuleResult[]): ReportEntry[] {
  return results.flatMap(({ meta, findings, nothingToJudge }): ReportEntry[] =>
    findings.length === 0
      ? [
          {
            meta,
            status: 'pass',
            messageId: 'pass',
            message: meta.requirement,
            place: {},
            ...(nothingToJudge === undefined ? {} : { nothingToJudge }),
          },
        ]
      : findings.map((finding) => ({ meta, ...finding })),
  );
}

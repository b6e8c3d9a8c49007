/**
 * The tester every rule's test file calls, as ESLint's RuleTester: valid and
 * invalid cases, each a change to the one shared valid app (fixtures.ts),
 * run through every rule. An invalid case names the rule's findings exactly
 * (place and message, status when not the rule's own); a valid case, none.
 * Either way no other rule changes its verdict, unless the case names it.
 * A fixable rule's output cases give the code that writes the change, and
 * the code after its fixes; with the fixes' values in the definition, the
 * finding is gone.
 */
import { checkApp } from '../src/check-app';
import { changesOf, placeFixes } from '../src/fix';
import type { ListingRead, SourceFile, StepRun } from '../src/input';
import { RULES } from '../src/registry';
import type { FindingStatus, ResultStatus, Rule } from '../src/rule';
import { placeText, statusOf } from '../src/rule';
import type {
  AppDefinition,
  FieldDefinition,
  OperationDefinition,
  StepDefinition,
} from '../src/shared/definition';
import type { Item } from '../src/input';
import type { Fragment } from './fragments';
import { applyFragment } from './fragments';
import { validInput } from './fixtures';

/** The input a case changes: every part of it its own to change. */
export interface TestInput {
  definition: AppDefinition;
  listing: ListingRead;
  runs: StepRun[];
  sources: SourceFile[];
}

/** A change to the valid app: a fragment merged into it (see fragments.ts), or a function that changes it. */
export type Change = Fragment | ((input: TestInput) => void);

export interface ExpectedFinding {
  /** Where, as a report prints it (`triggers.new_contact list_id`). */
  at: string;
  message: string | RegExp;
  /** Default: the status of the rule's category. */
  status?: FindingStatus;
  /** Whether its category is unconfirmed; default: when no evidence gave the rule's (a deferred finding: never). */
  unconfirmed?: boolean;
}

interface Case {
  name: string;
  change: Change;
  /** Other rules whose verdict this change also changes, and why the case cannot help it. */
  alsoChanges?: readonly string[];
}

export interface InvalidCase extends Case {
  /** Every finding of the rule, in order. */
  findings: readonly ExpectedFinding[];
}

export type ValidCase = Case;

/** A fix: the app's code that writes a change (`file`, default `index.js`), and that code after `--fix`. */
export interface OutputCase {
  name: string;
  change: Change;
  code: string;
  output: string;
  file?: string;
}

/** `definition` with the value at `path` (`a.b[2].c`) set, or removed when null. */
function setAtPath(definition: AppDefinition, path: string, value: string | null): void {
  const parts = path
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== '');
  const last = parts.pop() ?? '';
  let at: unknown = definition;
  for (const part of parts) {
    at = (at as Record<string, unknown>)[part];
  }
  const holder = at as Record<string, unknown>;
  if (value === null) {
    delete holder[last];
  } else {
    holder[last] = value;
  }
}

export function changed(change: Change): TestInput {
  const input = validInput();
  if (typeof change === 'function') {
    change(input);
    return input;
  }
  return applyFragment(input, change);
}

function verdicts(input: TestInput): Map<string, ResultStatus> {
  return new Map(checkApp(input).map((result) => [result.meta.id, result.status]));
}

const BASELINE = verdicts(validInput());

/** The rule's findings on the changed app, and the other rules whose verdict moved. */
function run(rule: Rule, change: Change) {
  const input = changed(change);
  const results = checkApp(input);
  const own = results.find((result) => result.meta.id === rule.meta.id);
  if (own === undefined) {
    throw new Error(`${rule.meta.id} is not in the registry`);
  }
  const moved = results
    .filter((result) => result.meta.id !== rule.meta.id)
    .filter((result) => result.status !== BASELINE.get(result.meta.id))
    .map((result) => result.meta.id);
  return { own, moved };
}

export function testRule(
  rule: Rule,
  cases: {
    valid: readonly ValidCase[];
    invalid: readonly InvalidCase[];
    output?: readonly OutputCase[];
  },
): void {
  describe(`${rule.meta.id} ${rule.meta.name}`, () => {
    it('is registered, passes on the valid app, and has two valid and two invalid cases at least', () => {
      expect(RULES).toContain(rule);
      expect(BASELINE.get(rule.meta.id)).toBe('pass');
      expect(cases.valid.length).toBeGreaterThanOrEqual(2);
      expect(cases.invalid.length).toBeGreaterThanOrEqual(2);
    });

    describe('valid', () => {
      it.each(cases.valid.map((each) => [each.name, each] as const))('%s', (_, each) => {
        const { own, moved } = run(rule, each.change);
        expect(own.findings).toEqual([]);
        expect(moved.sort()).toEqual([...(each.alsoChanges ?? [])].sort());
      });
    });

    describe('invalid', () => {
      it.each(cases.invalid.map((each) => [each.name, each] as const))(
        '%s',
        (_, each) => {
          const { own, moved } = run(rule, each.change);
          expect(
            own.findings.map((finding) => ({
              at: placeText(finding.place),
              message: finding.message,
              status: finding.status,
              unconfirmed: finding.unconfirmed === true,
            })),
          ).toEqual(
            each.findings.map((finding) => ({
              at: finding.at,
              message:
                typeof finding.message === 'string'
                  ? finding.message
                  : (expect.stringMatching(finding.message) as unknown),
              status: finding.status ?? statusOf(rule.meta.category),
              unconfirmed:
                finding.unconfirmed ??
                (finding.status !== 'deferred' && rule.meta.categoryEvidence === null),
            })),
          );
          expect(moved.sort()).toEqual([...(each.alsoChanges ?? [])].sort());
        },
      );
    });

    if (rule.meta.fixable !== undefined || cases.output !== undefined) {
      describe('output', () => {
        it('has two output cases at least, and its meta says it fixes', () => {
          expect(rule.meta.fixable).toBe('text');
          expect(cases.output?.length ?? 0).toBeGreaterThanOrEqual(2);
        });
        it.each((cases.output ?? []).map((each) => [each.name, each] as const))(
          '%s',
          (_, each) => {
            const input = changed(each.change);
            const file = each.file ?? 'index.js';
            input.sources = [{ path: file, text: each.code }];
            const own = checkApp(input).find((result) => result.meta.id === rule.meta.id);
            const placed = placeFixes(input.sources, own === undefined ? [] : [own]);
            const fixes = placed.results.flatMap((result) =>
              result.findings.flatMap((finding) =>
                finding.fix === undefined ? [] : [finding.fix],
              ),
            );
            expect(fixes.map((fix) => fix.at)).toEqual(
              fixes.map(() => expect.objectContaining({ file }) as unknown),
            );
            const [change] = changesOf(placed.results, placed.texts);
            expect(change?.after).toBe(each.output);
            // The fixes' values in the definition: the findings they fix are gone.
            for (const fix of fixes) {
              setAtPath(input.definition, fix.path, fix.text);
            }
            const after = checkApp(input).find(
              (result) => result.meta.id === rule.meta.id,
            );
            const fixedPlaces = placed.results
              .flatMap((result) => result.findings)
              .filter((finding) => finding.fix !== undefined)
              .map((finding) => placeText(finding.place));
            expect(fixedPlaces.length).toBeGreaterThan(0);
            expect(
              after?.findings
                .map((finding) => placeText(finding.place))
                .filter((place) => fixedPlaces.includes(place)),
            ).toEqual([]);
          },
        );
      });
    }
  });
}

/** The definition's step at `path` (`triggers.new_contact`), which the valid app has. */
export function step(input: TestInput, path: string): StepDefinition {
  const [group, key] = path.split('.') as ['triggers' | 'searches' | 'creates', string];
  const found = input.definition[group]?.[key];
  if (found === undefined) {
    throw new Error(`the valid app has no ${path}`);
  }
  return found;
}

export function operation(input: TestInput, path: string): OperationDefinition {
  const found = step(input, path).operation;
  if (found === undefined) {
    throw new Error(`the valid app's ${path} has no operation`);
  }
  return found;
}

/** A step's input fields, to change in place. */
export const fields = (input: TestInput, path: string) =>
  (operation(input, path).inputFields ?? []) as FieldDefinition[];

/** The connection's fields, to change in place. */
export const authFields = (input: TestInput) =>
  (input.definition.authentication?.fields ?? []) as FieldDefinition[];

export const sample = (input: TestInput, path: string) =>
  operation(input, path).sample as Item;

/** The first item of a step's local run of `method`. */
export function runItem(input: TestInput, path: string, method: string): Item {
  const found = input.runs.find((each) => each.path === path && each.method === method);
  if (found?.outcome.kind !== 'items' || found.outcome.items[0] === undefined) {
    throw new Error(`the valid app has no ${method} item for ${path}`);
  }
  return found.outcome.items[0];
}

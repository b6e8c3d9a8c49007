/** A finding's fix and suggestions as the reports show them: in words, and counted. */
import type { FixPlace, ReportEntry, RuleResult, Suggestion } from '../rule';

type Placed = Extract<FixPlace, { file: string }>;

/** The fix's place in the app's code, when it was found there and the config does not ignore it. */
export function placedFix(
  entry: Pick<ReportEntry, 'fix' | 'ignored'>,
): Placed | undefined {
  const at = entry.fix?.at;
  return at !== undefined && 'file' in at && entry.ignored === undefined ? at : undefined;
}

/** What the fix writes, in words: `--fix` sets the value, or removes it. */
export function fixWords(entry: Pick<ReportEntry, 'fix'>): string | undefined {
  const fix = entry.fix;
  if (fix === undefined) {
    return undefined;
  }
  return fix.text === null
    ? `--fix removes ${fix.path.split('.').at(-1) ?? fix.path}`
    : `--fix writes ${JSON.stringify(fix.text)}`;
}

export const suggestionWords = (suggestion: Suggestion) =>
  `suggestion: ${suggestion.description}: ${suggestion.path} = ${suggestion.text}`;

/** How many findings that count `--fix` can fix. */
export const fixableCount = (results: readonly RuleResult[]) =>
  results.flatMap((result) => result.findings).filter((finding) => placedFix(finding))
    .length;

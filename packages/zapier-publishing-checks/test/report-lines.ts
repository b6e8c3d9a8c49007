/**
 * The parts of a text report a test reads: the lines before the verdict,
 * the summary line (the counts), and the verdict's lines, which end it.
 */
const VERDICT_TITLE = '==> verdict';

/** Every line before the verdict (all of them when there is none). */
export const beforeVerdict = (lines: readonly string[]): string[] => {
  const at = lines.indexOf(VERDICT_TITLE);
  return at === -1 ? [...lines] : lines.slice(0, at);
};

/** The verdict's lines after its title: push, promotion, review. */
export const verdictIn = (lines: readonly string[]): string[] => {
  const at = lines.indexOf(VERDICT_TITLE);
  return at === -1 ? [] : lines.slice(at + 1);
};

/** The summary line: "N checks: …". */
export const summaryIn = (lines: readonly string[]): string | undefined =>
  lines.find((line) => /^\d+ checks: /.test(line));

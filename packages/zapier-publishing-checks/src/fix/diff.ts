/**
 * A unified diff of a file before and after its fixes (`--fix-dry-run`):
 * the lines that differ, each hunk with up to three lines of context, as
 * `diff -u` and `git apply` read it.
 */

const CONTEXT = 3;
/** The most pairs of lines compared one by one. */
const MOST_COMPARED = 4_000_000;

/** The text's lines, each without its line break; a last line break ends the last line. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') {
    lines.pop();
  }
  return lines;
}

/**
 * The lines that differ: the common first and last lines set aside, the
 * rest compared as a longest common subsequence (a fix changes few lines,
 * so what is compared is small).
 */
function changedRuns(
  a: string[],
  b: string[],
): { a: number; b: number; same: boolean }[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    head += 1;
  }
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail += 1;
  }
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..];
  // past MOST_COMPARED pairs, none (the lines between are shown replaced).
  const compare = midA.length * midB.length <= MOST_COMPARED;
  const lcs = Array.from({ length: midA.length + 1 }, () =>
    new Array<number>(compare ? midB.length + 1 : 1).fill(0),
  );
  for (let i = compare ? midA.length - 1 : -1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      lcs[i]![j] =
        midA[i] === midB[j]
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const steps: { a: number; b: number; same: boolean }[] = [];
  for (let k = 0; k < head; k += 1) {
    steps.push({ a: k, b: k, same: true });
  }
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (compare && i < midA.length && j < midB.length && midA[i] === midB[j]) {
      steps.push({ a: head + i, b: head + j, same: true });
      i += 1;
      j += 1;
    } else if (
      i < midA.length &&
      (j === midB.length || !compare || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)
    ) {
      steps.push({ a: head + i, b: -1, same: false });
      i += 1;
    } else {
      steps.push({ a: -1, b: head + j, same: false });
      j += 1;
    }
  }
  for (let k = 0; k < tail; k += 1) {
    steps.push({ a: a.length - tail + k, b: b.length - tail + k, same: true });
  }
  return steps;
}

/** `file`'s change as a unified diff (`--- a/file`, `+++ b/file`, hunks); no lines when nothing changed. */
export function unifiedDiff(file: string, before: string, after: string): string[] {
  if (before === after) {
    return [];
  }
  const a = linesOf(before);
  const b = linesOf(after);
  const steps = changedRuns(a, b);
  const changed = steps.flatMap((step, index) => (step.same ? [] : [index]));
  // Hunks: runs of steps around the changes, joined where their context meets.
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const from = Math.max(0, index - CONTEXT);
    const to = Math.min(steps.length - 1, index + CONTEXT);
    const last = hunks.at(-1);
    if (last !== undefined && from <= last[1] + 1) {
      last[1] = Math.max(last[1], to);
    } else {
      hunks.push([from, to]);
    }
  }
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const [from, to] of hunks) {
    const part = steps.slice(from, to + 1);
    const oldLines = part.filter((step) => step.a >= 0);
    const newLines = part.filter((step) => step.b >= 0);
    // Where the hunk starts in each file: its first line there, or the line before it when it has none.
    const firstOld =
      oldLines[0]?.a ?? steps.slice(0, from).filter((s) => s.a >= 0).length - 1;
    const firstNew =
      newLines[0]?.b ?? steps.slice(0, from).filter((s) => s.b >= 0).length - 1;
    const range = (first: number, count: number) =>
      count === 1 ? `${first + 1}` : `${first + 1},${count}`;
    out.push(
      `@@ -${range(firstOld, oldLines.length)} +${range(firstNew, newLines.length)} @@`,
    );
    for (const step of part) {
      if (step.same) {
        out.push(` ${a[step.a] ?? ''}`);
      } else if (step.a >= 0) {
        out.push(`-${a[step.a] ?? ''}`);
      } else {
        out.push(`+${b[step.b] ?? ''}`);
      }
    }
  }
  return out;
}

/**
 * `--fix` and `--fix-dry-run`: the placed fixes of a check's result shown
 * as a unified diff, or written into the app's code; then, after writing,
 * what is left. A CommonJS app is checked again (its modules loaded
 * afresh); a TypeScript app's checks read its build, which its fixed
 * sources are newer than: what is left is what was found less what was
 * fixed, and the app is to be built again.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

import type { LintResult } from '../lint';
import type { Finding, RuleResult } from '../rule';
import { placeText, worstOf } from '../rule';
import { changesOf, unifiedDiff, writeFixes } from '.';

const TYPESCRIPT = /\.[cm]?tsx?$/;

/** The lines that say what was not fixed and why, one per finding. */
function notFixedLines(results: readonly RuleResult[]): string[] {
  return results.flatMap((result) =>
    result.findings.flatMap((finding) => {
      const at = finding.fix?.at;
      return at !== undefined && 'reason' in at && finding.ignored === undefined
        ? [`${result.meta.id} ${placeText(finding.place)}: ${at.reason}`]
        : [];
    }),
  );
}

/** `--fix-dry-run`: the diff of every file the fixes change, and what they leave unfixed. */
export function dryRun(result: LintResult): { diff: string[]; notes: string[] } {
  const changes = changesOf(result.results, result.fixTexts ?? {});
  const fixes = changes.reduce((sum, change) => sum + change.fixes, 0);
  return {
    diff: changes.flatMap((change) =>
      unifiedDiff(change.file, change.before, change.after),
    ),
    notes: [
      `${fixes} finding${fixes === 1 ? '' : 's'} fixed in ${changes.length} file${changes.length === 1 ? '' : 's'} (nothing written)`,
      ...notFixedLines(result.results),
    ],
  };
}

const inside = (folder: string, path: string) => {
  const part = relative(folder, path);
  return part !== '' && !part.startsWith('..') && !isAbsolute(part);
};

/**
 * The app's own CommonJS modules Node.js holds, dropped, so that the app is
 * loaded again as it is now; how many. An ES module cannot be dropped.
 */
function forgetApp(appDir: string): number {
  const own = Object.keys(require.cache).filter(
    (path) => inside(appDir, path) && !path.split(sep).includes('node_modules'),
  );
  for (const path of own) {
    // Node.js's own cache of modules: a key deleted is loaded again on require.
    delete require.cache[path];
  }
  return own.length;
}

/** What was found less what the written fixes settled, each rule's status again. */
const lessFixed = (result: LintResult, written: readonly string[]): LintResult => ({
  ...result,
  results: result.results.map((each) => {
    const findings = each.findings.filter((finding) => !settled(finding, written));
    return { ...each, findings, status: worstOf(findings) };
  }),
});

/** A finding its fix settled: placed, and its file written. */
const settled = (finding: Finding, written: readonly string[]) => {
  const at = finding.fix?.at;
  return at !== undefined && 'file' in at && written.includes(at.file);
};

/**
 * `--fix`: writes the fixes, then returns what is left (`check` runs the
 * checks again) and the lines that say what was done.
 */
export async function fixApp(
  result: LintResult,
  check: () => Promise<LintResult>,
): Promise<{ left: LintResult; notes: string[] }> {
  const changes = changesOf(result.results, result.fixTexts ?? {});
  const { written, refused } = writeFixes(result.appDir, changes);
  const fixes = changes
    .filter((change) => written.includes(change.file))
    .reduce((sum, change) => sum + change.fixes, 0);
  const notes = [
    `${fixes} finding${fixes === 1 ? '' : 's'} fixed in ${written.length} file${written.length === 1 ? '' : 's'}${written.length === 0 ? '' : ` (${written.join(', ')})`}`,
    ...refused.map(({ file, reason }) => `${file} not written: ${reason}`),
    ...notFixedLines(result.results),
  ];
  if (written.length === 0) {
    return { left: result, notes };
  }
  if (written.some((file) => TYPESCRIPT.test(file))) {
    notes.push(
      "the fixes are in the app's TypeScript sources: build the app again, then run the checks again (what follows is what was found less what was fixed)",
    );
    return { left: lessFixed(result, written), notes };
  }
  if (forgetApp(resolve(result.appDir)) === 0) {
    notes.push(
      'the app is an ES module, which cannot be loaded again here: run the checks again (what follows is what was found less what was fixed)',
    );
    return { left: lessFixed(result, written), notes };
  }
  return { left: await check(), notes };
}

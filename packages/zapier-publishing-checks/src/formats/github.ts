/**
 * The report as GitHub Actions workflow commands (`--format github`): one
 * annotation per finding that counts (`::error file=…,line=…,title=D007::…`),
 * at its line of code when the finding is in code or its place is found
 * there; then the counts. Errors and publishing tasks are `error`, warnings
 * `warning`, what is not decided offline `notice`.
 */
import { join, relative } from 'node:path';

import type { LintResult } from '../lint';
import type { CodeLocation, ReportEntry } from '../rule';
import { linkOf, placeText } from '../rule';
import { allEntries, shown, summaryLine, unusedLine } from './summary';

const LEVEL = {
  error: 'error',
  'publishing-task': 'error',
  warning: 'warning',
  deferred: 'notice',
} as const;

/** GitHub's escaping: of a command's message, and (more) of its properties. */
const data = (text: string) =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A file of the app, as GitHub names it: from the folder the command runs in (the repository's root in a workflow). */
const fromWorkspace = (appDir: string, file: string) =>
  relative(process.cwd(), join(appDir, file));

function command(
  level: 'error' | 'warning' | 'notice',
  title: string,
  message: string,
  at: CodeLocation | undefined,
  appDir: string,
): string {
  const where =
    at === undefined
      ? ''
      : `file=${property(fromWorkspace(appDir, at.file))},line=${at.line},`;
  return `::${level} ${where}title=${property(title)}::${data(message)}`;
}

/** The config file's first line: where an unused ignore entry is written (package.json for its key). */
function configFile(result: LintResult): CodeLocation | undefined {
  const file = result.config.source?.replace(/#.*$/, '');
  return file === undefined
    ? undefined
    : { file: relative(result.appDir, file), line: 1 };
}

function annotation(entry: ReportEntry, appDir: string): string[] {
  if (entry.status === 'pass' || entry.ignored !== undefined) {
    return [];
  }
  const at = placeText(entry.place);
  const status = entry.status === 'publishing-task' ? 'publishing task' : entry.status;
  const message = `${at === '' ? '' : `${at}: `}${entry.message} (${status}; ${linkOf(entry.meta)})`;
  return [command(LEVEL[entry.status], entry.meta.id, message, entry.near, appDir)];
}

export function githubReport(result: LintResult, quiet = false): string[] {
  if (result.schema !== null && result.schema.errors.length > 0) {
    return result.schema.errors.map((error) =>
      command(
        'error',
        'schema',
        `${error.property}: ${error.message}`,
        undefined,
        result.appDir,
      ),
    );
  }
  const { config } = result;
  return [
    ...allEntries(result)
      .filter((entry) => shown(entry, quiet))
      .flatMap((entry) => annotation(entry, result.appDir)),
    ...(quiet
      ? []
      : config.unused.map((entry) =>
          command(
            'warning',
            'config',
            unusedLine(entry),
            configFile(result),
            result.appDir,
          ),
        )),
    summaryLine(result),
    ...(result.versioning?.closing ?? []),
  ];
}

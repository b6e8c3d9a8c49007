/**
 * The report as SARIF 2.1.0 (`--format sarif`), for GitHub code scanning
 * and any SARIF viewer: a rule per check, with its category and its page;
 * a result per finding, its level from the category (what is not decided
 * offline: kind "open", level "none"), at a line of code (the
 * finding's own, or where its place is written, else the app's entry: code
 * scanning takes no result without a location), and a finding the config
 * ignores as suppressed, with its reason; whether its category is
 * confirmed (`categoryConfirmed`), its rule's evidence (`categoryEvidence`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { LintResult } from '../lint';
import type { Category, ReportEntry, RuleMeta } from '../rule';
import {
  ZAPIER_CHECKS_REFERENCE,
  categoryUnconfirmed,
  pageFileOf,
  placeText,
} from '../rule';
import { fixWords, placedFix } from '../fix/shown';
import { allEntries, shown } from './summary';

const LEVEL: Record<Category, 'error' | 'warning'> = {
  error: 'error',
  'publishing-task': 'error',
  warning: 'warning',
};

/** A page's Markdown without its HTML comments (`<!-- prettier-ignore-start -->`): a viewer shows what a reader reads. */
const withoutComments = (markdown: string) =>
  markdown.replace(/^<!--[\s\S]*?-->\n?/gm, '');

/** A rule's help: its page as the package ships it (a check's), else its requirement. */
function helpOf(meta: RuleMeta): { text: string; markdown?: string } {
  const page = pageFileOf(meta.id);
  return existsSync(page)
    ? { text: meta.requirement, markdown: withoutComments(readFileSync(page, 'utf8')) }
    : { text: meta.requirement };
}

/**
 * A rule: its help link only where Zapier has a page for it. This package's
 * own rules have none anyone else can open (their page, a file of the
 * machine that ran the checks, is in `help.markdown` whole).
 */
function descriptor(meta: RuleMeta) {
  return {
    id: meta.id,
    name: meta.name,
    shortDescription: { text: meta.requirement },
    ...(meta.url === null ? {} : { helpUri: meta.url }),
    help: helpOf(meta),
    defaultConfiguration: { level: LEVEL[meta.category] },
    properties: {
      category: meta.category,
      categoryEvidence: meta.categoryEvidence,
      tags: ['zapier', meta.category],
    },
  };
}

/** A file of the app as a URI from the folder the command runs in (the repository's root in a workflow). */
const uriOf = (appDir: string, file: string) =>
  relative(process.cwd(), join(appDir, file)).split('\\').join('/');

/** A finding's fix as SARIF's: the characters it replaces, and what it writes. */
function fixesOf(entry: ReportEntry, appDir: string) {
  const at = placedFix(entry);
  if (at === undefined) {
    return {};
  }
  return {
    fixes: [
      {
        description: { text: fixWords(entry) ?? '' },
        artifactChanges: [
          {
            artifactLocation: { uri: uriOf(appDir, at.file) },
            replacements: [
              {
                deletedRegion: {
                  startLine: at.startLine,
                  startColumn: at.startColumn,
                  endLine: at.endLine,
                  endColumn: at.endColumn,
                  charOffset: at.start,
                  charLength: at.end - at.start,
                },
                insertedContent: { text: at.text },
              },
            ],
          },
        ],
      },
    ],
  };
}

export function sarifReport(
  tool: { name: string; version: string },
  result: LintResult,
  quiet = false,
): object {
  const entries = allEntries(result).filter(
    (entry): entry is ReportEntry & { status: Category | 'deferred' } =>
      entry.status !== 'pass' && shown(entry, quiet),
  );
  const rules = [
    ...new Map(
      [
        ...result.results.map((each) => each.meta),
        ...entries.map((entry) => entry.meta),
      ].map((meta) => [meta.id, meta]),
    ).values(),
  ];
  const index = new Map(rules.map((meta, at) => [meta.id, at]));
  const schemaErrors = result.schema?.errors ?? [];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            informationUri: ZAPIER_CHECKS_REFERENCE,
            rules: rules.map(descriptor),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            ...(schemaErrors.length === 0
              ? {}
              : {
                  toolExecutionNotifications: schemaErrors.map((error) => ({
                    level: 'error',
                    message: { text: `${error.property}: ${error.message}` },
                  })),
                }),
          },
        ],
        results: entries.map((entry) => {
          const at = placeText(entry.place);
          const near = entry.near;
          return {
            ruleId: entry.meta.id,
            ruleIndex: index.get(entry.meta.id),
            // Not decided offline: SARIF's "open" (no verdict), which takes level none.
            ...(entry.status === 'deferred'
              ? { kind: 'open', level: 'none' }
              : { level: LEVEL[entry.status] }),
            message: { text: `${at === '' ? '' : `${at}: `}${entry.message}` },
            ...(near === undefined
              ? {}
              : {
                  locations: [
                    {
                      physicalLocation: {
                        artifactLocation: { uri: uriOf(result.appDir, near.file) },
                        region: { startLine: near.line },
                      },
                      ...(at === '' || entry.place.file !== undefined
                        ? {}
                        : {
                            logicalLocations: [
                              {
                                fullyQualifiedName: entry.place.path ?? at,
                                kind: 'member',
                              },
                            ],
                          }),
                    },
                  ],
                }),
            ...(entry.ignored === undefined
              ? {}
              : { suppressions: [{ kind: 'external', justification: entry.ignored }] }),
            ...fixesOf(entry, result.appDir),
            properties: {
              category: entry.status,
              ...(entry.status === 'deferred'
                ? {}
                : { categoryConfirmed: !categoryUnconfirmed(entry) }),
              ...(entry.suggestions === undefined
                ? {}
                : { suggestions: entry.suggestions }),
            },
          };
        }),
      },
    ],
  };
}

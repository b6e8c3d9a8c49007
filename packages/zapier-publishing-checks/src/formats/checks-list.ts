/**
 * `--list-checks`: the publishing checks every run judges, then the
 * versioning rules `--previous` and `--versions` add; each with its ID,
 * Zapier's category (unconfirmed where no evidence gave it), name, link, and
 * whether `--fix` fixes its findings (🔧) and it suggests changes (💡), as
 * ESLint's rule lists mark them. As text, two titled sections in aligned
 * columns; as JSON, the same two lists.
 */
import type { Category, RuleMeta } from '../rule';
import { linkOf } from '../rule';
import { statusWord } from './text';

export interface ListedCheck {
  id: string;
  name: string;
  category: Category;
  /** Where its category comes from; null: unconfirmed, the best reading. */
  categoryEvidence: string | null;
  /** What it requires, in one line. */
  requirement: string;
  /** Zapier's page, or this package's page for its own rules as a path (`linkOf`). */
  link: string;
  /** Its meta is `fixable`: `--fix` fixes its findings where the value is written as a literal. */
  fixable: boolean;
  /** Its meta `hasSuggestions`: changes for the author to weigh, never applied. */
  hasSuggestions: boolean;
}

export interface ChecksList {
  /** What every run judges: a run's "N checks" counts these. */
  checks: ListedCheck[];
  /** What `--previous` and `--versions` add. */
  versioning: ListedCheck[];
}

const listed = (meta: RuleMeta): ListedCheck => ({
  id: meta.id,
  name: meta.name,
  category: meta.category,
  categoryEvidence: meta.categoryEvidence,
  requirement: meta.requirement,
  link: linkOf(meta),
  fixable: meta.fixable !== undefined,
  hasSuggestions: meta.hasSuggestions === true,
});

export const checksList = (
  checks: readonly RuleMeta[],
  versioning: readonly RuleMeta[],
): ChecksList => ({ checks: checks.map(listed), versioning: versioning.map(listed) });

/** 🔧 where `--fix` fixes, 💡 where it suggests (each two columns wide on a terminal, as its two UTF-16 units count). */
const marksOf = (check: ListedCheck) =>
  [check.fixable ? '🔧' : '', check.hasSuggestions ? '💡' : ''].join('');

/** The list as text: each section's title with its count, then a line per check, the columns aligned across both. */
export function checksListLines(list: ChecksList): string[] {
  const all = [...list.checks, ...list.versioning];
  const widthOf = (column: (check: ListedCheck) => string) =>
    Math.max(...all.map((check) => column(check).length));
  const idWidth = widthOf((check) => check.id);
  const categoryOf = (check: ListedCheck) =>
    `${statusWord(check.category)}${check.categoryEvidence === null ? ' (unconfirmed)' : ''}`;
  const categoryWidth = widthOf(categoryOf);
  const nameWidth = widthOf((check) => check.name);
  const linkWidth = widthOf((check) => check.link);
  const line = (check: ListedCheck) =>
    [
      check.id.padEnd(idWidth),
      categoryOf(check).padEnd(categoryWidth),
      check.name.padEnd(nameWidth),
      check.link.padEnd(linkWidth),
      marksOf(check),
    ]
      .join('  ')
      .trimEnd();
  return [
    `==> publishing checks — ${list.checks.length} (🔧 --fix fixes its findings, 💡 it suggests changes)`,
    ...list.checks.map(line),
    '',
    `==> versioning rules — ${list.versioning.length}, with --previous or --versions`,
    ...list.versioning.map(line),
  ];
}

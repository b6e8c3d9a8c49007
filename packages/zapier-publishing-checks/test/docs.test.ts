/**
 * Every rule's page (docs/rules/<ID>.md), as typescript-eslint's docs test:
 * each rule has one and each page names one; its category is the rule's;
 * every ❌ example breaks the rule and every ✅ example passes it, run
 * through the rule on the shared valid app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { RunMethod } from '../src/input';
import { RULES } from '../src/registry';
import type { Category, Rule } from '../src/rule';
import { pageOf } from '../src/rule';
import type { Fragment } from './fragments';
import { changed } from './rule-tester';

const PACKAGE = join(__dirname, '..');
const PAGES = join(PACKAGE, 'docs', 'rules');

/** How a page writes each category, in its "Category:" line. */
const CATEGORY_WORDS: Record<Category, string> = {
  error: 'Error',
  'publishing-task': 'Publishing task',
  warning: 'Warning',
};

interface Example {
  kind: '❌' | '✅';
  /** The line of the page the example starts on, for the failure message. */
  line: number;
  fragment: Fragment;
}

/**
 * A fenced block as part of an example, by its info string: `json` a part
 * of the definition; `json listing` the listing file; `json run=<step>
 * <method>` a local run's items; `js file=<path>` (or `ts`) a file of code.
 */
function addBlock(fragment: Fragment, info: string, text: string, where: string): void {
  const [language = '', ...words] = info.trim().split(/\s+/);
  const options = new Map(
    words.map((word) => {
      const [key = '', value = ''] = word.split('=');
      return [key, value] as const;
    }),
  );
  if (['js', 'ts', 'javascript', 'typescript'].includes(language)) {
    const path = options.get('file');
    if (path === undefined) {
      throw new Error(`${where}: a code block needs file=<path>`);
    }
    fragment.sources = [...(fragment.sources ?? []), { path, text }];
  } else if (language === 'json' && options.has('listing')) {
    fragment.listing = text;
  } else if (language === 'json' && options.has('run')) {
    const step = options.get('run') ?? '';
    const method = (words[1] ?? 'perform') as RunMethod;
    fragment.runs = [
      ...(fragment.runs ?? []),
      { step, method, items: JSON.parse(text) as never },
    ];
  } else if (language === 'json') {
    fragment.definition = JSON.parse(text) as Record<string, unknown>;
  } else {
    throw new Error(`${where}: a block of "${info}" is no example (json, js or ts)`);
  }
}

/**
 * The examples of a page: under a heading with ❌ or ✅, the fenced blocks
 * that follow one another with only blank lines between are one example; a
 * line of prose starts the next.
 */
export function examplesOf(page: string, name: string): Example[] {
  const examples: Example[] = [];
  let kind: Example['kind'] | undefined;
  let current: Example | undefined;
  let fence: { info: string; lines: string[]; start: number } | undefined;
  page.split('\n').forEach((line, index) => {
    if (fence !== undefined) {
      if (line.startsWith('```')) {
        if (kind !== undefined) {
          current ??= { kind, line: fence.start, fragment: {} };
          addBlock(
            current.fragment,
            fence.info,
            fence.lines.join('\n'),
            `${name}:${fence.start}`,
          );
        }
        fence = undefined;
      } else {
        fence.lines.push(line);
      }
      return;
    }
    if (line.startsWith('```')) {
      fence = { info: line.slice(3), lines: [], start: index + 1 };
      return;
    }
    if (line.trim() === '') {
      return;
    }
    if (current !== undefined) {
      examples.push(current);
      current = undefined;
    }
    if (line.startsWith('#')) {
      kind = line.includes('❌') ? '❌' : line.includes('✅') ? '✅' : undefined;
    }
  });
  return current === undefined ? examples : [...examples, current];
}

const pageText = (rule: Rule) =>
  readFileSync(join(PACKAGE, pageOf(rule.meta.id)), 'utf8');

describe.each(RULES.map((rule) => [rule.meta.id, rule] as const))('%s', (id, rule) => {
  it('has a page that opens with its ID and name and states its category', () => {
    const page = pageText(rule);
    expect(page.split('\n')[0]).toBe(`# ${id}: ${rule.meta.name}`);
    expect(page).toContain(`Category: **${CATEGORY_WORDS[rule.meta.category]}**`);
  });

  it('breaks on each ❌ example and passes each ✅ one, at least one of each', () => {
    const examples = examplesOf(pageText(rule), pageOf(id));
    expect(examples.filter((example) => example.kind === '❌').length).toBeGreaterThan(0);
    expect(examples.filter((example) => example.kind === '✅').length).toBeGreaterThan(0);
    for (const example of examples) {
      const decided = rule
        .check(changed(example.fragment))
        .filter((finding) => finding.status !== 'deferred');
      const verdict = decided.length > 0 ? '❌' : '✅';
      expect(`line ${example.line}: ${verdict}`).toBe(
        `line ${example.line}: ${example.kind}`,
      );
    }
  });
});

it('names a rule on every page', () => {
  const pages = readdirSync(PAGES).map((file) => `docs/rules/${file}`);
  expect(pages.sort()).toEqual(RULES.map((rule) => pageOf(rule.meta.id)).sort());
});

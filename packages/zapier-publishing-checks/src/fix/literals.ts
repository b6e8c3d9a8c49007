/**
 * Where a value of the definition is written in the app's code, found with
 * the TypeScript compiler's parser (it keeps each node's position, and reads
 * JavaScript and TypeScript alike): the property named as the path's last
 * key (`label` for `….display.label`) whose value is a string literal equal
 * to the definition's, or a `const` of the same file holding one. Where
 * the value is computed, or written in more places than the finding's keys
 * tell apart, nothing is fixed and the reason says why.
 */
import type * as TS from 'typescript';

import type { SourceFile } from '../input';
import type { Place } from '../place';

/** The compiler, loaded only when there is something to fix: it takes a moment to load. */
function typescript(): typeof TS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('typescript') as typeof TS;
}

/** A file of the app, parsed. */
export interface Parsed {
  file: string;
  text: string;
  tree: TS.SourceFile;
}

export function parse(source: SourceFile): Parsed {
  const ts = typescript();
  const kind = /\.[cm]?tsx?$/.test(source.path)
    ? source.path.endsWith('x')
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS
    : ts.ScriptKind.JS;
  const tree = ts.createSourceFile(
    source.path,
    source.text,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  return { file: source.path, text: source.text, tree };
}

/** A place in a file: the characters from `start` to `end` (excluded). */
export interface Span {
  file: string;
  start: number;
  end: number;
}

/** The literal that holds the value (to rewrite), and the property that names it (to remove). */
export interface Written {
  literal: Span & { quote: string };
  property: Span;
}

export type Found = { found: Written } | { reason: string };

/** `x as const`, `(x)`, `x satisfies T`: the expression inside. */
function unwrapped(ts: typeof TS, node: TS.Expression): TS.Expression {
  let inner = node;
  while (
    ts.isAsExpression(inner) ||
    ts.isParenthesizedExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isTypeAssertionExpression(inner)
  ) {
    inner = inner.expression;
  }
  return inner;
}

const isString = (ts: typeof TS, node: TS.Node): node is TS.StringLiteralLike =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** A property's name as written (`label`, `'label'`), or undefined when computed. */
function nameOf(ts: typeof TS, name: TS.PropertyName): string | undefined {
  return ts.isIdentifier(name) || isString(ts, name) ? name.text : undefined;
}

/** The string `key` an object literal declares (`key: 'new_lead'`), if any. */
function declaredKey(ts: typeof TS, object: TS.ObjectLiteralExpression) {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && nameOf(ts, property.name) === 'key') {
      const value = unwrapped(ts, property.initializer);
      return isString(ts, value) ? value.text : null;
    }
  }
  return undefined;
}

/** The `key` of each object literal around a node, the innermost first (null: not a literal). */
function keysAround(ts: typeof TS, node: TS.Node): (string | null)[] {
  const keys: (string | null)[] = [];
  for (let at = node.parent as TS.Node | undefined; at !== undefined; at = at.parent) {
    if (ts.isObjectLiteralExpression(at)) {
      const key = declaredKey(ts, at);
      if (key !== undefined) {
        keys.push(key);
      }
    }
  }
  return keys;
}

/** What an expression is, when it is no string literal: the reason a fix cannot follow it. */
function computedKind(ts: typeof TS, node: TS.Expression): string {
  if (ts.isBinaryExpression(node) || ts.isTemplateExpression(node)) {
    return 'it is built by a concatenation or a template';
  }
  if (ts.isCallExpression(node)) {
    return 'it is the result of a function call';
  }
  return 'it is computed';
}

interface Candidate {
  written?: Written;
  reason?: string;
  /** How well the keys around it match the finding's: 2 its own, 1 none said, 0 another's. */
  match: number;
  line: string;
}

/** The `const` of the same file an identifier names: its string literal, or why not. */
function constantOf(
  ts: typeof TS,
  parsed: Parsed,
  name: string,
): { literal: TS.StringLiteralLike } | { reason: string } {
  let found: { literal: TS.StringLiteralLike } | { reason: string } = {
    reason: `it is the variable ${name}, from another module, which a fix does not follow`,
  };
  const visit = (node: TS.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer !== undefined
    ) {
      const value = unwrapped(ts, node.initializer);
      const isConst =
        ts.isVariableDeclarationList(node.parent) &&
        (node.parent.flags & ts.NodeFlags.Const) !== 0;
      found =
        isString(ts, value) && isConst
          ? { literal: value }
          : {
              reason: `the variable ${name} ${isConst ? computedKind(ts, value) : 'is not a const'}`,
            };
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed.tree);
  return found;
}

const lineOf = (parsed: Parsed, position: number) =>
  `${parsed.file}:${parsed.tree.getLineAndCharacterOfPosition(position).line + 1}`;

/** Every property `name` of the files whose value is (or may be) `value`, with how its keys match. */
function candidates(
  parsedFiles: readonly Parsed[],
  name: string,
  value: string,
  expected: string | undefined,
): Candidate[] {
  const ts = typescript();
  const found: Candidate[] = [];
  for (const parsed of parsedFiles) {
    const visit = (node: TS.Node): void => {
      const isProperty =
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        nameOf(ts, node.name) === name;
      if (isProperty) {
        const keys = keysAround(ts, node);
        const first = keys[0];
        const match =
          first === undefined || first === null ? 1 : first === expected ? 2 : 0;
        const initializer = ts.isPropertyAssignment(node)
          ? unwrapped(ts, node.initializer)
          : node.name;
        const property = { file: parsed.file, start: node.getStart(), end: node.end };
        const line = lineOf(parsed, node.getStart());
        const literalSpan = (literal: TS.StringLiteralLike, owner: Parsed) => ({
          file: owner.file,
          start: literal.getStart(),
          end: literal.end,
          quote: owner.text.charAt(literal.getStart()),
        });
        if (isString(ts, initializer)) {
          if (initializer.text === value) {
            found.push({
              written: { literal: literalSpan(initializer, parsed), property },
              match,
              line,
            });
          }
        } else if (ts.isIdentifier(initializer)) {
          const constant = constantOf(ts, parsed, initializer.text);
          if ('literal' in constant) {
            if (constant.literal.text === value) {
              found.push({
                written: { literal: literalSpan(constant.literal, parsed), property },
                match,
                line,
              });
            }
          } else if (match === 2) {
            found.push({ reason: constant.reason, match, line });
          }
        } else if (match === 2) {
          found.push({ reason: computedKind(ts, initializer), match, line });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed.tree);
  }
  return found;
}

/** The last key of a definition path: `label` of `triggers.x.display.label`. */
export const propertyOf = (path: string) =>
  path
    .replace(/\[\d+\]$/, '')
    .split('.')
    .at(-1) ?? '';

/**
 * Where the value at `path` (the finding's `place`) is written: the one
 * literal the keys around it match best. Several literals of the same
 * match are one when they are one `const`; else the finding is not fixed.
 */
export function findWritten(
  parsedFiles: readonly Parsed[],
  path: string,
  value: string,
  place: Place,
): Found {
  // A sample's value sits in its step's object: the step's key tells it apart.
  const inSample = /\.operation\.sample\./.test(path);
  const expected = (inSample ? undefined : place.field) ?? place.step?.split('.')[1];
  const all = candidates(parsedFiles, propertyOf(path), value, expected).filter(
    (each) => each.match > 0,
  );
  const best = Math.max(0, ...all.map((each) => each.match));
  const chosen = all.filter((each) => each.match === best);
  const [first] = chosen;
  if (first === undefined) {
    return {
      reason: `its value is not written as a string literal in the app's code the checks read`,
    };
  }
  if (first.written === undefined) {
    return { reason: `${first.reason ?? 'it is computed'} (${first.line})` };
  }
  const literal = first.written.literal;
  const same = chosen.every(
    (each) =>
      each.written !== undefined &&
      each.written.literal.file === literal.file &&
      each.written.literal.start === literal.start,
  );
  if (!same) {
    return {
      reason: `it is written in ${chosen.length} places (${chosen.map((each) => each.line).join(', ')}) that its keys do not tell apart`,
    };
  }
  return { found: first.written };
}

/** A string as a literal of the same quotes as `quote`. */
export function literalText(text: string, quote: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  if (quote === '`') {
    return `\`${escaped.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
  }
  return `${quote}${escaped.split(quote).join(`\\${quote}`)}${quote}`;
}

/**
 * The characters that remove a property: itself and its comma, and its
 * line when it has one of its own; else a comma before it.
 */
export function removalOf(text: string, property: Span): Span {
  const { start } = property;
  let { end } = property;
  let after = end;
  while (text[after] === ' ' || text[after] === '\t') {
    after += 1;
  }
  const comma = text[after] === ',';
  if (comma) {
    end = after + 1;
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, start));
  const rest = /^[ \t]*(?:\r?\n|$)/.exec(text.slice(end));
  if (ownLine && rest !== null) {
    return { file: property.file, start: lineStart, end: end + rest[0].length };
  }
  if (comma) {
    while (text[end] === ' ') {
      end += 1;
    }
    return { file: property.file, start, end };
  }
  let before = start;
  while (before > 0 && /\s/.test(text[before - 1] ?? '')) {
    before -= 1;
  }
  return text[before - 1] === ','
    ? { file: property.file, start: before - 1, end }
    : { file: property.file, start, end };
}

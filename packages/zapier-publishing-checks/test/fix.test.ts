/**
 * The fix engine's parts: finding the literal a value is written in (and
 * why not), the text a fix writes, the diff it prints; and the suggestions
 * rules give, which no fix applies.
 */
import { checkApp } from '../src/check-app';
import { changesOf, placeFixes, unifiedDiff } from '../src/fix';
import { findWritten, literalText, parse } from '../src/fix/literals';
import type { Place } from '../src/place';
import { defineRule } from '../src/rule';
import { authFields, changed, operation, step } from './rule-tester';

const LABEL_PLACE: Place = {
  step: 'triggers.new_contact',
  path: 'triggers.new_contact.display.label',
};

const found = (files: Record<string, string>, value: string, place = LABEL_PLACE) =>
  findWritten(
    Object.entries(files).map(([path, text]) => parse({ path, text })),
    place.path ?? '',
    value,
    place,
  );

describe('where a value is written', () => {
  it('is the literal of the property, in the step its keys name', () => {
    const text = [
      "const a = { key: 'other', display: { label: 'new contact' } };",
      "const b = { key: 'new_contact', display: { label: 'new contact' } };",
    ].join('\n');
    expect(found({ 'index.js': text }, 'new contact')).toEqual({
      found: {
        literal: {
          file: 'index.js',
          start: text.lastIndexOf("'new contact'"),
          end: text.lastIndexOf("'new contact'") + "'new contact'".length,
          quote: "'",
        },
        property: expect.objectContaining({ file: 'index.js' }) as unknown,
      },
    });
  });

  it('is the const a shorthand property names', () => {
    const text =
      "const label = 'new contact';\nexport default { key: 'new_contact', display: { label } };\n";
    expect(found({ 'src/index.ts': text }, 'new contact')).toMatchObject({
      found: { literal: { start: text.indexOf("'new contact'") } },
    });
  });

  it.each([
    [
      "label: 'new ' + 'contact'",
      'it is built by a concatenation or a template (index.js:1)',
    ],
    [
      'label: `new ${"contact"}`',
      'it is built by a concatenation or a template (index.js:1)',
    ],
    ["label: words('new contact')", 'it is the result of a function call (index.js:1)'],
    [
      'label: LABEL',
      'it is the variable LABEL, from another module, which a fix does not follow (index.js:1)',
    ],
  ])('is not fixed where %s, and says why', (written, reason) => {
    const text = `const x = { key: 'new_contact', display: { ${written} } };`;
    expect(found({ 'index.js': text }, 'new contact')).toEqual({ reason });
  });

  it('is not fixed where two places its keys do not tell apart hold it', () => {
    expect(
      found(
        {
          'a.js': "module.exports = { display: { label: 'new contact' } };",
          'b.js': "module.exports = { display: { label: 'new contact' } };",
        },
        'new contact',
      ),
    ).toEqual({
      reason:
        'it is written in 2 places (a.js:1, b.js:1) that its keys do not tell apart',
    });
  });

  it('is not found where no literal holds it', () => {
    expect(found({ 'index.js': 'module.exports = require("./app.json");' }, 'x')).toEqual(
      {
        reason:
          "its value is not written as a string literal in the app's code the checks read",
      },
    );
  });
});

describe('the text a fix writes', () => {
  it.each([
    ["it's", "'", "'it\\'s'"],
    ['say "hi"', '"', '"say \\"hi\\""'],
    ['a `b` ${c}', '`', '`a \\`b\\` \\${c}`'],
    ['two\nlines \\ here', "'", "'two\\nlines \\\\ here'"],
  ])('%j in %s quotes is %s', (text, quote, literal) => {
    expect(literalText(text, quote)).toBe(literal);
  });
});

describe('the diff', () => {
  it('is nothing when nothing changed', () => {
    expect(unifiedDiff('a.js', 'x\n', 'x\n')).toEqual([]);
  });

  it('says a line removed with the context around it, and a line added to an empty file', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ''].join('\n');
    expect(unifiedDiff('a.js', before, before.replace('5\n', ''))).toEqual([
      '--- a/a.js',
      '+++ b/a.js',
      '@@ -2,7 +2,6 @@',
      ' 2',
      ' 3',
      ' 4',
      '-5',
      ' 6',
      ' 7',
      ' 8',
    ]);
    expect(unifiedDiff('a.js', '', 'a\n')).toEqual([
      '--- a/a.js',
      '+++ b/a.js',
      '@@ -0,0 +1 @@',
      '+a',
    ]);
  });
});

describe('fixes and suggestions as rules declare them', () => {
  it('a fix from a rule whose meta is not fixable is a mistake of the rule', () => {
    const rule = defineRule({
      meta: {
        id: 'X001',
        name: 'x',
        category: 'warning',
        categoryEvidence: null,
        requirement: 'x',
        url: null,
        needs: ['definition'],
        messages: { x: 'x' },
      },
      check(_, report) {
        report({}, 'x').fix({ path: 'a', value: 'b', text: 'c' });
      },
    });
    expect(() => rule.check(changed({}))).toThrow(
      'X001 gives a fix, but its meta is not fixable',
    );
  });

  const suggestionsOf = (id: string, input: ReturnType<typeof changed>) =>
    checkApp(input)
      .find((result) => result.meta.id === id)
      ?.findings.flatMap((finding) => finding.suggestions ?? []);

  it('D021: a description in other words, as a suggestion only', () => {
    const input = changed((each) => {
      step(each, 'triggers.new_contact').display!.description = 'New contact in a list';
    });
    expect(suggestionsOf('D021', input)).toEqual([
      {
        description: 'say what makes it trigger after "Triggers when "',
        path: 'triggers.new_contact.display.description',
        text: '"Triggers when new contact in a list."',
      },
    ]);
    const acronym = changed((each) => {
      step(each, 'triggers.new_contact').display!.description = 'API key is created';
    });
    expect(suggestionsOf('D021', acronym)?.[0]?.text).toBe(
      '"Triggers when API key is created."',
    );
    const results = checkApp(input).filter((result) => result.meta.id === 'D021');
    expect(changesOf(placeFixes([], results).results, {})).toEqual([]);
  });

  it('D008: an address that runs on into a bracket is not fixed', () => {
    const input = changed((each) => {
      authFields(each)[0]!.helpText =
        'See https://en.wikipedia.org/wiki/Key_(cryptography) for keys.';
    });
    const findings = checkApp(input).find(
      (result) => result.meta.id === 'D008',
    )?.findings;
    expect(findings?.map((finding) => [finding.messageId, finding.fix])).toEqual([
      ['bareUrl', undefined],
    ]);
  });

  it("D028: the app's flag", () => {
    const input = changed((each) => {
      each.definition.flags = {};
    });
    expect(suggestionsOf('D028', input)?.[0]).toEqual({
      description:
        'turn cleanInputData off for the app, once its code handles empty values',
      path: 'flags.cleanInputData',
      text: 'false',
    });
  });

  it("D024: the type the sample's value is of", () => {
    const input = changed((each) => {
      operation(each, 'triggers.new_contact').sample = {
        ...(operation(each, 'triggers.new_contact').sample as object),
        score: 'high',
      };
    });
    const outputFields = operation(input, 'triggers.new_contact').outputFields ?? [];
    const index = outputFields.findIndex(
      (field) => (field as { key?: string }).key === 'score',
    );
    expect(suggestionsOf('D024', input)).toEqual([
      {
        description: 'declare the type the sample holds, if the sample is right',
        path: `triggers.new_contact.operation.outputFields[${index}].type`,
        text: '"string"',
      },
    ]);
  });

  it('D002: a link whose address the author fills in', () => {
    const input = changed((each) => {
      authFields(each)[0]!.helpText = 'Your API key.';
    });
    expect(suggestionsOf('D002', input)).toEqual([
      {
        description: 'link the page where the user finds the value',
        path: 'authentication.fields[0].helpText',
        text: '"Your API key. Find your API Key [in your account settings](https://…)."',
      },
    ]);
  });
});

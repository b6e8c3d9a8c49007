import { checkApp } from '../src/check-app';
import type { Rule } from '../src/rule';
import D001 from '../src/rules/D001-no-credentials-in-steps';
import T002 from '../src/rules/T002-polling-results-carry-primary-keys';
import T006 from '../src/rules/T006-hook-list-keys-come-in-deliveries';
import Z001 from '../src/rules/Z001-perform-list-results-match-output-fields';
import { entryLine } from '../src/formats/text';
import { entriesOf } from '../src/rule';
import { validInput } from './fixtures';

/** A rule that throws on every app, as one might on a definition of a shape it cannot read. */
const throwing: Rule = {
  meta: {
    id: 'local:throws',
    name: 'throws',
    category: 'warning',
    categoryEvidence: null,
    requirement: 'nothing: it throws',
    url: 'https://example.org/rules/throws',
    needs: ['definition'],
    messages: {},
  },
  check: () => {
    throw new TypeError('label.split is not a function');
  },
};

describe('checkApp', () => {
  it('reports a rule that throws as an error, naming what went wrong, instead of passing it', () => {
    expect(checkApp(validInput(), [throwing])).toEqual([
      {
        meta: throwing.meta,
        status: 'error',
        findings: [
          {
            status: 'error',
            messageId: 'crashed',
            message:
              "this tool could not run the check, so this is not Zapier's verdict: label.split is not a function. A definition Zapier's schema refuses can do this (was --skip-schema given?); if the schema passes, it is a bug in zapier-publishing-checks: please report it",
            place: {},
          },
        ],
      },
    ]);
  });

  describe('a pass on an app with none of the steps a rule judges', () => {
    const passLine = (input: ReturnType<typeof validInput>) =>
      entriesOf(checkApp(input, [T002])).map((entry) => entryLine(entry));

    it('says it judged nothing, and what the app lacks', () => {
      const input = validInput();
      delete input.definition.triggers!.new_contact;
      expect(checkApp(input, [T002])).toEqual([
        expect.objectContaining({
          status: 'pass',
          findings: [],
          nothingToJudge: 'no visible polling trigger',
        }),
      ]);
      expect(passLine(input)).toEqual([
        `✔ T002 pass            ${T002.meta.requirement}: nothing to judge, the app has no visible polling trigger. ${T002.meta.url}`,
      ]);
    });

    it("says so for Z001 and T006 on a hook trigger without performList (D006's finding)", () => {
      const input = validInput();
      const hook = input.definition.triggers!.contact_hook!;
      delete (hook.operation as Record<string, unknown>).performList;
      input.runs = input.runs.filter((run) => run.method !== 'performList');
      expect(
        checkApp(input, [Z001, T006]).map(({ meta, status, nothingToJudge }) => [
          meta.id,
          status,
          nothingToJudge,
        ]),
      ).toEqual([
        ['Z001', 'pass', 'no visible REST hook trigger with performList'],
        ['T006', 'pass', 'no visible REST hook trigger with performList'],
      ]);
    });

    it('says nothing to change where it judged a step', () => {
      expect(passLine(validInput())).toEqual([
        `✔ T002 pass            ${T002.meta.requirement}: nothing to change. ${T002.meta.url}`,
      ]);
    });
  });

  it('runs the rules after one that throws', () => {
    expect(
      checkApp(validInput(), [throwing, D001]).map((result) => [
        result.meta.id,
        result.status,
      ]),
    ).toEqual([
      ['local:throws', 'error'],
      ['D001', 'pass'],
    ]);
  });
});

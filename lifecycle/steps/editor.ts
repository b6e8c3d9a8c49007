/**
 * The Zap editor after a lead came in: the connected account's test step
 * shows that lead, not the sample, and the Page dropdown lists its page;
 * another connected account sees none of it.
 */
import type { Lead } from '../../src/leads/fields';
import type { StepOutcome } from '../transcript';
import type { LandingPage } from '../../harness/zapier/live-zap';
import type { ZapEditor } from '../../harness/zapier/zap-editor';

export async function openZapEditor(
  editor: ZapEditor,
  page: LandingPage,
  delivered: Lead,
): Promise<StepOutcome<undefined>> {
  const choices = await editor.pageChoices();
  const choice = choices.find((offered) => offered.id === page.id);
  if (choice === undefined) {
    throw new Error(
      `the Page dropdown does not offer "${page.name}": it lists ${JSON.stringify(choices)}`,
    );
  }
  const shown = await editor.testStep(choice.id);
  const [first] = shown;
  if (first?.id !== delivered.id || first.is_sample) {
    throw new Error(
      `the test step shows ${JSON.stringify(shown.map((lead) => lead.id))}, not lead ${delivered.id}`,
    );
  }
  return {
    value: undefined,
    line:
      `Zap editor: the Page dropdown lists "${choice.name}" (${choice.id}); with it chosen, ` +
      `the test step shows lead ${first.id} (Is Sample: false), not the sample`,
  };
}

export async function checkAnotherAccount(
  editor: ZapEditor,
): Promise<StepOutcome<undefined>> {
  const [choices, shown] = await Promise.all([editor.pageChoices(), editor.testStep()]);
  if (choices.length !== 0 || shown.length !== 1 || shown[0]?.is_sample !== true) {
    throw new Error(
      `another account sees ${choices.length} page(s) and ${JSON.stringify(shown.map((lead) => lead.id))}`,
    );
  }
  return {
    value: undefined,
    line: 'Another connected account sees none of it: an empty Page dropdown, the sample in its test step',
  };
}

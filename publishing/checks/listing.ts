/** M002: the app's directory description, from the listing file. */
import type { Check, Finding } from './check';
import { failure, warning } from './check';

const MAX_LENGTH = 140;
const MIN_LENGTH = 40;
const MAX_SENTENCES = 3;

function sentencesIn(text: string): number {
  return text.split(/[.!?](?:\s+|$)/).filter((part) => part.trim() !== '').length;
}

export const M002: Check = {
  id: 'M002',
  requirement:
    'the directory description is 40 to 140 characters in 1 to 3 sentences, opens with "<title> is a", ' +
    'and has no "Zapier", no link and no sync pitch',
  run({ listing: read }): Finding[] {
    if (!read.found && read.missing) {
      // The description lives in Zapier's app settings: nothing here to judge.
      return [
        warning(
          `${read.path}: not decided offline, M002 needs the directory listing; write this file as {"title": …, "description": …} (or pass --listing FILE) to check it here`,
        ),
      ];
    }
    if (!read.found) {
      return [failure(`fix the listing file: ${read.problem}`)];
    }
    const { title, description } = read.listing;
    const at = `${read.path}:`;
    const findings: Finding[] = [];
    if (title.trim().length < 2) {
      findings.push(failure(`${at} give the app a title of at least 2 characters`));
    }
    if (description.length > MAX_LENGTH) {
      findings.push(
        failure(
          `${at} shorten the description to ${MAX_LENGTH} characters (it has ${description.length})`,
        ),
      );
    }
    if (description.trim().length < MIN_LENGTH) {
      findings.push(
        failure(
          `${at} lengthen the description to at least ${MIN_LENGTH} characters (it has ${description.trim().length})`,
        ),
      );
    }
    const sentences = sentencesIn(description);
    if (sentences > MAX_SENTENCES) {
      findings.push(
        failure(
          `${at} say it in at most ${MAX_SENTENCES} sentences (the description has ${sentences})`,
        ),
      );
    }
    const opening = new RegExp(
      `^${title.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is an? `,
    );
    if (!opening.test(description)) {
      findings.push(
        failure(`${at} start the description with "${title.trim()} is a" (or "is an")`),
      );
    }
    if (/zapier/i.test(description)) {
      findings.push(failure(`${at} leave "Zapier" out of the description`));
    }
    if (/https?:\/\/|www\.|\]\(/i.test(description)) {
      findings.push(failure(`${at} leave links out of the description`));
    }
    if (/\bsync/i.test(description)) {
      findings.push(
        failure(
          `${at} describe what the app is, not that it syncs with other apps ("sync")`,
        ),
      );
    }
    return findings;
  },
};

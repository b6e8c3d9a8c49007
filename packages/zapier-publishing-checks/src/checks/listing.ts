/** M002: the app's directory description, from the listing file. */
import type { Check, Finding } from './check';
import { deferred, failure } from './check';

const MAX_LENGTH = 140;
const MIN_LENGTH = 40;
const MAX_SENTENCES = 3;

function sentencesIn(text: string): number {
  return text.split(/[.!?](?:\s+|$)/).filter((part) => part.trim() !== '').length;
}

export const directoryDescriptionFollowsTheGuide: Check = {
  id: 'M002',
  requirement:
    'the directory description is 40 to 140 characters in 1 to 3 sentences, opens with "<title> is a", ' +
    'and has no "Zapier", no link and no sync pitch',
  run({ listing: read }): Finding[] {
    if (!read.found && read.missing) {
      // The description lives in Zapier's app settings: nothing here to judge.
      return [
        deferred(
          read.path,
          'M002 needs the directory listing; write this file as {"title": …, "description": …} (or pass --listing FILE) to check it here',
        ),
      ];
    }
    if (!read.found) {
      return [failure(`fix the listing file: ${read.problem}`)];
    }
    const at = `${read.path}:`;
    return descriptionProblems(read.listing.title.trim(), read.listing.description).map(
      (problem) => failure(`${at} ${problem}`),
    );
  },
};

/** What to change in a title and directory description, one sentence each. */
function descriptionProblems(title: string, description: string): string[] {
  const problems: string[] = [];
  if (title.length < 2) {
    problems.push('give the app a title of at least 2 characters');
  }
  if (description.length > MAX_LENGTH) {
    problems.push(
      `shorten the description to ${MAX_LENGTH} characters (it has ${description.length})`,
    );
  }
  if (description.trim().length < MIN_LENGTH) {
    problems.push(
      `lengthen the description to at least ${MIN_LENGTH} characters (it has ${description.trim().length})`,
    );
  }
  const sentences = sentencesIn(description);
  if (sentences > MAX_SENTENCES) {
    problems.push(
      `say it in at most ${MAX_SENTENCES} sentences (the description has ${sentences})`,
    );
  }
  const opening = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is an? `);
  if (!opening.test(description)) {
    problems.push(`start the description with "${title} is a" (or "is an")`);
  }
  if (/zapier/i.test(description)) {
    problems.push('leave "Zapier" out of the description');
  }
  if (/https?:\/\/|www\.|\]\(/i.test(description)) {
    problems.push('leave links out of the description');
  }
  if (/\bsync/i.test(description)) {
    problems.push('describe what the app is, not that it syncs with other apps ("sync")');
  }
  return problems;
}

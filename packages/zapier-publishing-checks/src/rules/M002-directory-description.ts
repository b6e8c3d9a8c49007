import { defineRule, zapierReference } from '../rule';

const MAX_LENGTH = 140;
const MIN_LENGTH = 40;
const MAX_SENTENCES = 3;

const sentencesIn = (text: string) =>
  text.split(/[.!?](?:\s+|$)/).filter((part) => part.trim() !== '').length;

export default defineRule({
  meta: {
    id: 'M002',
    name: 'directory-description',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      'the directory description is at most 140 characters, 1 to 3 sentences or at least 40 characters, ' +
      'opens with "<title> is a", and has no "Zapier", no link and no sync pitch',
    url: zapierReference('M002'),
    needs: ['listing'],
    messages: {
      noListing:
        'M002 needs the directory listing; write this file as {"title": …, "description": …} (or pass --listing FILE) to check it here',
      unreadable: 'fix the listing file: %{problem}',
      shortTitle: 'give the app a title of at least 2 characters',
      tooLong: `shorten the description to ${MAX_LENGTH} characters (it has %{length})`,
      shape: `say what the app is in 1 to ${MAX_SENTENCES} sentences, or in at least ${MIN_LENGTH} characters (it has %{length} characters in %{sentences} sentences)`,
      opening: 'start the description with "%{title} is a" (or "is an")',
      zapier: 'leave "Zapier" out of the description',
      link: 'leave links out of the description',
      sync: 'describe what the app is, not that it syncs with other apps ("sync")',
    },
  },
  check({ listing: read }, report) {
    const place = { file: read.path };
    if (!read.found) {
      if (read.missing) {
        // The description lives in Zapier's app settings: nothing here to judge.
        report.deferred(place, 'noListing');
      } else {
        report(place, 'unreadable', { problem: read.problem });
      }
      return;
    }
    const title = read.listing.title.trim();
    const description = read.listing.description.trim();
    if (title.length < 2) {
      report(place, 'shortTitle');
    }
    if (description.length > MAX_LENGTH) {
      report(place, 'tooLong', { length: description.length });
    }
    // Zapier's page: "1 - 3 sentences or at least 40 characters".
    const sentences = sentencesIn(description);
    const { length } = description;
    if (!(sentences >= 1 && sentences <= MAX_SENTENCES) && length < MIN_LENGTH) {
      report(place, 'shape', { length, sentences });
    }
    const opening = new RegExp(
      `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is an? `,
    );
    if (!opening.test(description)) {
      report(place, 'opening', { title });
    }
    if (/zapier/i.test(description)) {
      report(place, 'zapier');
    }
    // Zapier's page discourages a sync pitch and says nothing of links: no verdict is known.
    if (/https?:\/\/|www\.|\]\(/i.test(description)) {
      report.unconfirmed(place, 'link');
    }
    if (/\bsync/i.test(description)) {
      report.unconfirmed(place, 'sync');
    }
  },
});

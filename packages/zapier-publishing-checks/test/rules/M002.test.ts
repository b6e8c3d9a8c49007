import rule from '../../src/rules/M002-directory-description';
import type { ListingRead } from '../../src/input';
import type { Fragment } from '../fragments';
import type { TestInput } from '../rule-tester';
import { testRule } from '../rule-tester';

/** A fragment whose listing has this description (and title). */
const listing = (description: string, title = 'Contacts Hub'): Fragment => ({
  listing: JSON.stringify({ title, description }),
});

/** A change to a listing file that was not read. */
const unread =
  (read: Extract<ListingRead, { found: false }>) =>
  (input: TestInput): void => {
    input.listing = read;
  };

const AT = 'listing.json';

testRule(rule, {
  valid: [
    {
      name: '"is an", as well as "is a"',
      change: listing(
        'Contacts Hub is an address book for small teams, with notes and tags.',
      ),
    },
    {
      name: 'exactly 40 characters',
      change: listing('Contacts Hub is a shared CRM for a team.'),
    },
    {
      name: 'exactly 140 characters in 3 sentences',
      change: listing(
        'Contacts Hub is a contact manager for small teams. It keeps every address, note and tag in one place. It finds a contact in a second or two.',
      ),
    },
    {
      name: 'fewer than 40 characters in one sentence: "1 - 3 sentences or at least 40 characters"',
      change: listing('Contacts Hub is a CRM.'),
    },
    {
      name: 'more than 3 sentences in at least 40 characters',
      change: listing(
        'Contacts Hub is a tool. It stores contacts. It tags them. It sorts them.',
      ),
    },
  ],
  invalid: [
    {
      name: 'a description that names Zapier',
      change: listing('Contacts Hub is a contact manager made for Zapier users.'),
      findings: [{ at: AT, message: 'leave "Zapier" out of the description' }],
    },
    {
      name: 'more than 140 characters',
      change: listing(
        `Contacts Hub is a contact manager ${'for small teams '.repeat(8)}.`,
      ),
      findings: [
        { at: AT, message: 'shorten the description to 140 characters (it has 163)' },
      ],
    },
    {
      name: 'more than 3 sentences in fewer than 40 characters',
      change: listing('Contacts Hub is a CRM. A. B. C.'),
      findings: [
        {
          at: AT,
          message:
            'say what the app is in 1 to 3 sentences, or in at least 40 characters (it has 31 characters in 4 sentences)',
        },
      ],
    },
    {
      name: 'a description of blanks: no sentence, no characters',
      change: listing('   ', 'Contacts Hub'),
      findings: [
        {
          at: AT,
          message:
            'say what the app is in 1 to 3 sentences, or in at least 40 characters (it has 0 characters in 0 sentences)',
        },
        {
          at: AT,
          message: 'start the description with "Contacts Hub is a" (or "is an")',
        },
      ],
    },
    {
      name: 'a description that does not open with the title',
      change: listing('A contact manager for small teams, with notes and tags.'),
      findings: [
        {
          at: AT,
          message: 'start the description with "Contacts Hub is a" (or "is an")',
        },
      ],
    },
    {
      name: 'a link',
      change: listing(
        'Contacts Hub is a contact manager, see https://hub.example.org for more.',
      ),
      // No verdict is known on links: M002's category, marked unconfirmed.
      findings: [
        { at: AT, message: 'leave links out of the description', unconfirmed: true },
      ],
    },
    {
      name: 'a markdown link, its category unconfirmed',
      change: listing(
        'Contacts Hub is a contact manager; read [our story](https://hub.example.org/about).',
      ),
      findings: [
        { at: AT, message: 'leave links out of the description', unconfirmed: true },
      ],
    },
    {
      name: 'a sync pitch',
      change: listing('Contacts Hub is a contact manager that syncs your address books.'),
      findings: [
        {
          at: AT,
          message: 'describe what the app is, not that it syncs with other apps ("sync")',
          unconfirmed: true,
        },
      ],
    },
    {
      name: 'a title of one character',
      change: listing(
        'C is a contact manager for small teams, with notes and tags.',
        'C',
      ),
      findings: [{ at: AT, message: 'give the app a title of at least 2 characters' }],
    },
    {
      name: 'a listing file it cannot read',
      change: unread({
        found: false,
        path: 'listing.json',
        problem: 'listing.json is not JSON (Unexpected end of JSON input)',
        missing: false,
      }),
      findings: [
        {
          at: AT,
          message:
            'fix the listing file: listing.json is not JSON (Unexpected end of JSON input)',
        },
      ],
    },
    {
      name: 'no listing file: it says, without failing, that it needs one',
      change: unread({
        found: false,
        path: 'listing.json',
        problem: 'cannot read listing.json (ENOENT)',
        missing: true,
      }),
      findings: [
        {
          at: AT,
          message:
            'M002 needs the directory listing; write this file as {"title": …, "description": …} (or pass --listing FILE) to check it here',
          status: 'deferred',
        },
      ],
    },
  ],
});

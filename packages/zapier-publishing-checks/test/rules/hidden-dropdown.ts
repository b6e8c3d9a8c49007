/**
 * A dropdown's source as Zapier's templates write one: a trigger with no
 * "Triggers when", a lowercase label and an ID field. Hidden, users never
 * see it and the rules that read what users see (D004, D018, D021) leave it
 * alone; made visible, each reads it.
 */
import type { TestInput } from '../rule-tester';
import { step } from '../rule-tester';

const FUNC = '$func$2$f$';

export const withDropdownSource =
  (hidden: boolean) =>
  (input: TestInput): void => {
    const list = step(input, 'triggers.list');
    list.display = {
      label: 'list of lists',
      description: 'Lists the lists, for dropdowns.',
      hidden,
    };
    list.operation = {
      perform: FUNC,
      inputFields: [
        { key: 'account_id', label: 'Account ID', helpText: 'Set by the app.' },
      ],
    };
  };

/** What else changes once the dropdown's source is visible: it has no sample and no local run, and its label and description are a dropdown's. */
export const VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES = [
  'D004',
  'D012',
  'D018',
  'D021',
  'T002',
  'T003',
  'T004',
  'T005',
];

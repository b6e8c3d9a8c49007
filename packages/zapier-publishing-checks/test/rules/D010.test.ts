import rule from '../../src/rules/D010-polling-samples-have-primary-keys';
import type { TestInput } from '../rule-tester';
import { operation, sample, testRule } from '../rule-tester';

/** A change that marks New Contact's output field `key` as its primary key. */
const markPrimary = (input: TestInput, key: string): void => {
  for (const field of operation(input, 'triggers.new_contact').outputFields ?? []) {
    if ((field as { key?: string }).key === key) {
      (field as { primary?: boolean }).primary = true;
    }
  }
};

testRule(rule, {
  valid: [
    {
      name: 'a sample without "id" when another output field is marked primary',
      change: (input) => {
        markPrimary(input, 'email');
        delete sample(input, 'triggers.new_contact').id;
      },
    },
    {
      name: 'a hook trigger\'s sample without "id": Zapier deduplicates polling results only',
      change: (input) => {
        delete sample(input, 'triggers.contact_hook').id;
      },
    },
  ],
  invalid: [
    {
      name: 'a polling sample without "id"',
      change: (input) => {
        delete sample(input, 'triggers.new_contact').id;
      },
      findings: [
        {
          at: 'triggers.new_contact',
          message: 'add "id" to the sample (Zapier deduplicates polling results by it)',
        },
      ],
    },
    {
      name: 'a polling sample without the output fields marked primary',
      change: (input) => {
        markPrimary(input, 'score');
        markPrimary(input, 'vip');
        delete sample(input, 'triggers.new_contact').score;
        delete sample(input, 'triggers.new_contact').vip;
      },
      findings: [
        {
          at: 'triggers.new_contact',
          message:
            'add "score" to the sample (Zapier deduplicates polling results by it)',
        },
        {
          at: 'triggers.new_contact',
          message: 'add "vip" to the sample (Zapier deduplicates polling results by it)',
        },
      ],
    },
  ],
});

import rule from '../../src/rules/D016-more-than-a-static-webhook';
import type { TestInput } from '../rule-tester';
import { operation, step, testRule } from '../rule-tester';

/** A change that leaves the app the hook trigger alone among its visible steps, and the steps `keep` names. */
const onlyTheHook =
  (change: (input: TestInput) => void, ...keep: string[]) =>
  (input: TestInput): void => {
    const hook = step(input, 'triggers.contact_hook');
    const kept = Object.fromEntries(
      keep.map((key) => [key, step(input, `triggers.${key}`)]),
    );
    change(input);
    input.definition.triggers = { contact_hook: hook, ...kept };
    input.definition.searches = {};
    input.definition.creates = {};
    input.definition.searchOrCreates = {};
    input.runs = input.runs.filter((run) => run.path === 'triggers.contact_hook');
  };

const withoutSubscribe = (input: TestInput) => {
  delete operation(input, 'triggers.contact_hook').performSubscribe;
  delete operation(input, 'triggers.contact_hook').performUnsubscribe;
};

const ONLY_A_STATIC_WEBHOOK =
  'the only visible step is a static webhook: subscribe it with REST hooks, or add triggers or actions';

testRule(rule, {
  valid: [
    {
      name: 'a REST hook alone: Zapier subscribes it',
      change: onlyTheHook(() => undefined),
    },
    {
      name: 'a static webhook beside other steps a user can pick',
      change: withoutSubscribe,
      // A hook without subscribe and unsubscribe is a static webhook, whatever else the app offers.
      alsoChanges: ['D017'],
    },
    {
      name: 'no visible step at all, only a hidden trigger: no static webhook either',
      change: (input) => {
        input.definition.triggers = { list: step(input, 'triggers.list') };
        input.definition.searches = {};
        input.definition.creates = {};
        input.definition.searchOrCreates = {};
        input.runs = [];
      },
    },
    {
      name: 'no step at all (the minimal template)',
      change: (input) => {
        input.definition.triggers = {};
        input.definition.searches = {};
        input.definition.creates = {};
        input.definition.searchOrCreates = {};
        input.runs = [];
      },
    },
  ],
  invalid: [
    {
      name: 'a static webhook, the only step',
      change: onlyTheHook(withoutSubscribe),
      findings: [{ at: 'triggers.contact_hook', message: ONLY_A_STATIC_WEBHOOK }],
      // A lone static webhook is also a hook without subscribe and unsubscribe.
      alsoChanges: ['D017'],
    },
    {
      name: 'a static webhook and a hidden trigger, which is no step a user can pick',
      change: onlyTheHook((input) => {
        delete operation(input, 'triggers.contact_hook').performSubscribe;
      }, 'list'),
      findings: [{ at: 'triggers.contact_hook', message: ONLY_A_STATIC_WEBHOOK }],
      alsoChanges: ['D017'],
    },
  ],
});

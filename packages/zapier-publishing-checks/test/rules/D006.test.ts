import rule from '../../src/rules/D006-hook-triggers-have-perform-list';
import { operation, step, testRule } from '../rule-tester';

const NO_PERFORM_LIST =
  'add operation.performList returning items shaped like a delivery';

testRule(rule, {
  valid: [
    {
      name: 'a polling trigger, which has no performList and needs none',
      change: (input) => {
        operation(input, 'triggers.new_contact').type = 'polling';
      },
    },
    {
      name: 'a performList that is a request, not a function',
      change: (input) => {
        operation(input, 'triggers.contact_hook').performList = {
          url: 'https://api.example.org/contacts',
        };
      },
    },
  ],
  invalid: [
    {
      name: 'a hook trigger without performList',
      change: (input) => {
        delete operation(input, 'triggers.contact_hook').performList;
      },
      findings: [{ at: 'triggers.contact_hook', message: NO_PERFORM_LIST }],
    },
    {
      name: 'a hidden hook trigger without performList: hidden steps are read too',
      change: (input) => {
        step(input, 'triggers.contact_hook').display!.hidden = true;
        delete operation(input, 'triggers.contact_hook').performList;
      },
      findings: [{ at: 'triggers.contact_hook', message: NO_PERFORM_LIST }],
    },
  ],
});

import rule from '../../src/rules/D017-hooks-subscribe-and-unsubscribe';
import { operation, step, testRule } from '../rule-tester';

const STATIC_WEBHOOK =
  'add both performSubscribe and performUnsubscribe so Zapier registers and removes the webhook';

testRule(rule, {
  valid: [
    {
      name: 'a polling trigger, which subscribes to nothing',
      change: (input) => {
        operation(input, 'triggers.new_contact').type = 'polling';
      },
    },
    {
      name: 'subscribe and unsubscribe as requests, not functions',
      change: (input) => {
        const hook = operation(input, 'triggers.contact_hook');
        hook.performSubscribe = { url: 'https://api.example.org/hooks', method: 'POST' };
        hook.performUnsubscribe = {
          url: 'https://api.example.org/hooks',
          method: 'DELETE',
        };
      },
    },
  ],
  invalid: [
    {
      name: 'a hook without performUnsubscribe',
      change: (input) => {
        delete operation(input, 'triggers.contact_hook').performUnsubscribe;
      },
      findings: [{ at: 'triggers.contact_hook', message: STATIC_WEBHOOK }],
    },
    {
      name: 'a hidden hook without performSubscribe: hidden steps are read too',
      change: (input) => {
        step(input, 'triggers.contact_hook').display!.hidden = true;
        delete operation(input, 'triggers.contact_hook').performSubscribe;
      },
      findings: [{ at: 'triggers.contact_hook', message: STATIC_WEBHOOK }],
    },
  ],
});

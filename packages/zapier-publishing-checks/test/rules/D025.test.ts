import rule from '../../src/rules/D025-no-dangerous-url-schemes';
import type { TestInput } from '../rule-tester';
import { fields, operation, testRule } from '../rule-tester';

/** A change that sets the help text of Find Contact's email field. */
const withHelpText =
  (helpText: string) =>
  (input: TestInput): void => {
    fields(input, 'searches.find_contact')[0]!.helpText = helpText;
  };

const dangerous = (property: string) =>
  `${property}: remove the javascript:/vbscript:/data: URL; link to an https page`;

testRule(rule, {
  valid: [
    {
      name: 'prose that merely starts with "Data:"',
      change: withHelpText('Data: the email the contact signed up with.'),
    },
    {
      name: 'the word "javascript:" in prose, not in a link',
      change: withHelpText('Works with javascript: and with plain forms alike.'),
    },
  ],
  invalid: [
    {
      name: "a javascript: URL in a create's request",
      change: (input) => {
        operation(input, 'creates.create_contact').perform = {
          url: 'javascript:alert(1)',
        };
      },
      findings: [{ at: 'creates.create_contact', message: dangerous('url') }],
    },
    {
      name: 'a javascript: link in markdown',
      change: withHelpText('See [the docs](javascript:alert(1)).'),
      // D008 reads malformed links to web addresses only: this one is D025's alone.
      findings: [{ at: 'searches.find_contact email', message: dangerous('helpText') }],
    },
    {
      name: 'a vbscript: link in markdown',
      change: withHelpText('See [the docs](vbscript:msgbox(1)).'),
      findings: [{ at: 'searches.find_contact email', message: dangerous('helpText') }],
    },
    {
      name: 'a javascript: link in an HTML anchor',
      change: withHelpText('See <a href="javascript:alert(1)">the docs</a>.'),
      findings: [{ at: 'searches.find_contact email', message: dangerous('helpText') }],
    },
  ],
});

import rule from '../../src/rules/D008-markdown-links-are-well-formed';
import type { TestInput } from '../rule-tester';
import { fields, testRule } from '../rule-tester';

/** A change that sets the help text of Find Contact's email field. */
const withHelpText =
  (helpText: string) =>
  (input: TestInput): void => {
    fields(input, 'searches.find_contact')[0]!.helpText = helpText;
  };

const AT = 'searches.find_contact email';

testRule(rule, {
  valid: [
    {
      name: 'a URL in backticks and a well-formed link',
      change: withHelpText(
        'Open `https://app.example.org`, or see [the docs](https://example.org/docs).',
      ),
    },
    {
      name: 'a link with a title',
      change: withHelpText('See [the docs](https://example.org/docs "Contacts docs").'),
    },
    {
      name: 'a mailto link',
      change: withHelpText('Ask [support](mailto:help@example.org) to enable it.'),
    },
    ...[
      'The address of your site, including https://.',
      'Starts with https://… always.',
    ].map((helpText) => ({
      name: `a scheme alone names no page: "${helpText}"`,
      change: withHelpText(helpText),
    })),
    ...[
      'Days as numbers, e.g. [1, 2] (weekdays).',
      'Weekly availability as JSON: [{"days":[1,2,3,4,5],"start":"09:00"}] (days: Sun=0..Sat=6)',
      'Extra headers as JSON, e.g. {"X-Custom":"value"}.',
    ].map((helpText) => ({
      name: `brackets before a parenthesis that holds no address are prose: "${helpText}"`,
      change: withHelpText(helpText),
    })),
  ],
  invalid: [
    {
      name: 'a bare URL',
      change: withHelpText('As shown on https://app.example.org/contacts.'),
      findings: [
        {
          at: AT,
          message:
            'helpText: wrap the bare URL in backticks or make it a [text](url) link',
        },
      ],
    },
    ...[
      'Upgrade at https://rendex.dev/pricing.',
      'Cookies as JSON: [{"name":"session"}]. Upgrade at https://rendex.dev/pricing.',
    ].map((helpText) => ({
      name: `a bare URL, as Zapier reported it: "${helpText}"`,
      change: withHelpText(helpText),
      findings: [
        {
          at: AT,
          message:
            'helpText: wrap the bare URL in backticks or make it a [text](url) link',
        },
      ],
    })),
    ...[
      'See [the docs] (https://example.org).',
      'See [the docs](https://example.org.',
      'Write to [support] (mailto:help@example.org).',
      'See [the docs] (www.example.org).',
    ].map((helpText) => ({
      name: `a malformed link: "${helpText}"`,
      change: withHelpText(helpText),
      findings: [
        {
          at: AT,
          message:
            'helpText: write the link as [text](https://…), with nothing between ] and (',
        },
      ],
    })),
    {
      name: 'a relative link: it has no site to open (its category unconfirmed)',
      change: (input) => {
        fields(input, 'creates.create_contact')[0]!.helpText =
          'Supports markdown. See [the guide](/guides/text-formatting).';
      },
      findings: [
        {
          at: 'creates.create_contact email',
          message:
            'helpText: give the link a whole address (https://…): a relative one opens nothing in Zapier',
          // No verdict says whether Zapier takes it for a proper link: D008's category, unconfirmed.
          unconfirmed: true,
        },
      ],
    },
    {
      name: "a bare URL in a step's description",
      change: {
        definition: {
          creates: {
            create_contact: {
              display: { description: 'Creates a contact, as on www.example.org/new.' },
            },
          },
        },
      },
      findings: [
        {
          at: 'creates.create_contact',
          message:
            'description: wrap the bare URL in backticks or make it a [text](url) link',
        },
      ],
    },
  ],
  output: [
    {
      name: 'bare URLs become links to themselves; a sentence keeps its full stop',
      change: withHelpText('See https://example.org/docs. Or <https://example.org/faq>'),
      code: [
        "const email = { key: 'email', label: 'Email',",
        "  helpText: 'See https://example.org/docs. Or <https://example.org/faq>' };",
        "module.exports = { key: 'find_contact', operation: { inputFields: [email] } };",
        '',
      ].join('\n'),
      output: [
        "const email = { key: 'email', label: 'Email',",
        "  helpText: 'See [https://example.org/docs](https://example.org/docs). Or [https://example.org/faq](https://example.org/faq)' };",
        "module.exports = { key: 'find_contact', operation: { inputFields: [email] } };",
        '',
      ].join('\n'),
    },
    {
      name: 'an address without a scheme becomes code; links and code spans stay',
      change: withHelpText(
        'Find it at www.example.org, or [the docs](https://example.org/docs) and `https://x.org`.',
      ),
      code: [
        "const email = { key: 'email', label: 'Email',",
        '  helpText: "Find it at www.example.org, or [the docs](https://example.org/docs) and `https://x.org`." };',
        "module.exports = { key: 'find_contact', operation: { inputFields: [email] } };",
        '',
      ].join('\n'),
      output: [
        "const email = { key: 'email', label: 'Email',",
        '  helpText: "Find it at `www.example.org`, or [the docs](https://example.org/docs) and `https://x.org`." };',
        "module.exports = { key: 'find_contact', operation: { inputFields: [email] } };",
        '',
      ].join('\n'),
    },
  ],
});

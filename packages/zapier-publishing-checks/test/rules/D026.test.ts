import rule from '../../src/rules/D026-domain-auth-fields-are-validated';
import type { SourceFile } from '../../src/input';
import type { TestInput } from '../rule-tester';
import { authFields, testRule } from '../rule-tester';

/** A change that adds a field to the connection and, when given, a file of code. */
const withAuthField =
  (field: Record<string, unknown>, source?: SourceFile) =>
  (input: TestInput): void => {
    authFields(input).push(field);
    if (source !== undefined) {
      input.sources.push(source);
    }
  };

const client = (text: string): SourceFile => ({ path: 'lib/client.js', text });

const HOW_TO_VALIDATE = {
  'a URL':
    "parse it with new URL(…) and refuse it unless its protocol is 'https:', before building URLs",
  'a host':
    'validate it, e.g. /^[a-z0-9-]+(\\.[a-z0-9-]+)+$/i.test(…) for a host name, before building URLs',
  'a subdomain':
    'validate it, e.g. /^[a-z0-9-]+$/i.test(…) for a subdomain, before building URLs',
};

const unvalidated = (holds: keyof typeof HOW_TO_VALIDATE) =>
  `it holds ${holds}, and the code uses it with no check nearby: ${HOW_TO_VALIDATE[holds]}`;

const SUBDOMAIN = {
  key: 'subdomain',
  label: 'Subdomain',
  helpText: 'The first part of your address, as in `acme.example.org`.',
};

testRule(rule, {
  valid: [
    {
      name: 'a domain the code checks with a regular expression',
      change: withAuthField(
        SUBDOMAIN,
        client(
          'if (!/^[a-z0-9-]+$/.test(bundle.authData.subdomain)) {\n  throw new Error("bad");\n}\nconst url = `https://${bundle.authData.subdomain}.example.org`;',
        ),
      ),
    },
    {
      name: 'a domain the code checks with a URL parse',
      change: withAuthField(
        SUBDOMAIN,
        client(
          'const base = new URL(`https://${bundle.authData["subdomain"]}.example.org`);',
        ),
      ),
    },
    {
      name: 'optional chaining is a use of the field (authData?.host)',
      change: withAuthField(
        { key: 'host', label: 'Host', helpText: 'Yours, as in `acme.example.org`.' },
        {
          path: 'src/utils.ts',
          text: 'const host = bundle.authData?.host;\nif (!/^[a-z0-9.-]+$/.test(host)) throw new Error("bad host");',
        },
      ),
    },
  ],
  invalid: [
    {
      name: 'a subdomain the code puts in a URL unchecked',
      change: withAuthField(
        SUBDOMAIN,
        client('const url = `https://${bundle.authData.subdomain}.example.org/api`;'),
      ),
      findings: [{ at: 'authentication subdomain', message: unvalidated('a subdomain') }],
    },
    {
      name: 'a domain the code never reads: undecided, not failed on its name',
      change: withAuthField({
        key: 'instance_url',
        label: 'Instance URL',
        helpText: 'Yours, as in `https://acme.example.org`.',
      }),
      findings: [
        {
          at: 'authentication instance_url',
          message:
            "it holds a domain, but its use was not found in the app's code; check that the code validates it before building URLs",
          status: 'deferred',
        },
      ],
    },
    ...(
      [
        ['instance_url', 'Instance URL', 'Where your account lives.', 'a URL'],
        ['subdomain', 'Subdomain', 'Where your account lives.', 'a subdomain'],
        ['domain', 'Domain', 'Where your account lives.', 'a host'],
        ['dashboardUrl', 'Dashboard URL', 'Do not include the https.', 'a host'],
      ] as const
    ).map(([key, label, helpText, holds]) => ({
      name: `the fix for what ${key} holds, read from its name: ${holds}`,
      change: withAuthField(
        { key, label, helpText },
        client(`const base = bundle.authData.${key} + '/api';`),
      ),
      findings: [{ at: `authentication ${key}`, message: unvalidated(holds) }],
    })),
    ...(
      [
        ['`https://${bundle.authData.siteUrl}/api`', 'a host'],
        ['`https://${bundle.authData.siteUrl}.example.org/api`', 'a subdomain'],
        ["'https://{{bundle.authData.siteUrl}}:8443/api'", 'a host'],
      ] as const
    ).map(([url, holds]) => ({
      name: `what a field holds, read from where the code puts it: ${url} is ${holds}`,
      change: withAuthField(
        { key: 'siteUrl', label: 'Site URL', helpText: 'Where your account lives.' },
        client(`const base = ${url};`),
      ),
      findings: [{ at: 'authentication siteUrl', message: unvalidated(holds) }],
    })),
    {
      name: 'a use while the connection is made (bundle.inputData) is a use',
      change: (input) => {
        authFields(input).push({
          key: 'dashboardUrl',
          label: 'Dashboard URL',
          helpText: 'Where your account lives.',
        });
        input.definition.authentication!.oauth2Config = {
          authorizeUrl: {
            url: 'https://{{bundle.inputData.dashboardUrl}}/oauth/authorize',
          },
        };
      },
      findings: [{ at: 'authentication dashboardUrl', message: unvalidated('a host') }],
    },
  ],
});

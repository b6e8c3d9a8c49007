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

const INTO_REQUESTS =
  'its value goes into request addresses, queries or headers with no check nearby: validate it (e.g. /^[\\w-]+$/.test(…) for an ID) before it is used';

/** Help text that links to where the value is found, as D002 asks of every auth field. */
const linked = (text: string) =>
  `${text} See [your account](https://app.example.org/account).`;

const SUBDOMAIN = {
  key: 'subdomain',
  label: 'Subdomain',
  helpText: linked('The first part of your address, as in `acme.example.org`.'),
};

/** The account ID Zapier reported (its "benign D026 on account_id"): a typed value, no secret. */
const ACCOUNT_ID = {
  key: 'account_id',
  label: 'Account ID',
  type: 'string',
  required: true,
  helpText: linked('Your account ID.'),
};

/** The middleware that sends the account ID as a header, as that app did. */
const ACCOUNT_HEADER = client(
  'const addAccount = (request, z, bundle) => {\n  request.headers.accountId = bundle.authData.account_id;\n  return request;\n};',
);

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
        {
          key: 'host',
          label: 'Host',
          helpText: linked('Yours, as in `acme.example.org`.'),
        },
        {
          path: 'src/utils.ts',
          text: 'const host = bundle.authData?.host;\nif (!/^[a-z0-9.-]+$/.test(host)) throw new Error("bad host");',
        },
      ),
    },
    ...(
      [
        ['hosting_plan', 'Hosting Plan'],
        ['ghost_mode', 'Ghost Mode'],
        ['curl_flags', 'Curl Flags'],
      ] as const
    ).map(([key, label]) => ({
      name: `domain words are whole words: ${key} ("${label}") holds no domain`,
      change: withAuthField(
        { key, label, helpText: linked('As you set it up.') },
        client(`const options = { plan: bundle.authData.${key} };`),
      ),
    })),
    {
      name: 'a typed ID the code checks before it goes into a header',
      change: withAuthField(
        ACCOUNT_ID,
        client(
          'const addAccount = (request, z, bundle) => {\n  if (!/^[\\w-]+$/.test(bundle.authData.account_id)) throw new Error("bad account");\n  request.headers.accountId = bundle.authData.account_id;\n  return request;\n};',
        ),
      ),
    },
    {
      name: 'a credential goes into requests by design: the API key in a header',
      change: withAuthField(
        { key: 'region_hint', label: 'Region Hint', helpText: linked('Optional.') },
        client(
          'const auth = (request, z, bundle) => {\n  request.headers.Authorization = `Bearer ${bundle.authData.api_key}`;\n  return request;\n};',
        ),
      ),
    },
    {
      name: 'a field of fixed choices cannot point requests elsewhere',
      change: withAuthField(
        {
          key: 'region',
          label: 'Region',
          choices: { eu: 'Europe', us: 'United States' },
          helpText: linked('Where your data is kept.'),
        },
        client('request.params.region = bundle.authData.region;'),
      ),
    },
    {
      name: 'a field the connection computes is typed by no one',
      change: withAuthField(
        { key: 'account_ref', computed: true },
        client('request.headers["X-Account"] = bundle.authData.account_ref;'),
      ),
    },
    {
      name: "a typed value sent in a request's body only",
      change: withAuthField(
        ACCOUNT_ID,
        client(
          "const response = await z.request({\n  url: 'https://api.example.org/events',\n  method: 'POST',\n  body: {\n    account: bundle.authData.account_id,\n  },\n});",
        ),
      ),
    },
    {
      name: 'a domain taken apart by name, then checked under the name it goes by',
      change: withAuthField(
        SUBDOMAIN,
        client(
          'const { subdomain: account } = bundle.authData;\nif (!/^[a-z0-9-]+$/.test(account)) throw new Error("bad");',
        ),
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
        helpText: linked('Yours, as in `https://acme.example.org`.'),
      }),
      findings: [
        {
          at: 'authentication instance_url',
          message:
            "it holds a URL, but its use was not found in the app's code; check that the code validates it before building URLs",
          status: 'deferred',
        },
      ],
    },
    {
      name: "an object literal's key of the same name reads nothing: still undecided",
      change: withAuthField(
        {
          key: 'instance_url',
          label: 'Instance URL',
          helpText: linked('Yours, as in `https://acme.example.org`.'),
        },
        client("z.request({ instance_url: 'https://api.example.org' });"),
      ),
      findings: [
        {
          at: 'authentication instance_url',
          message:
            "it holds a URL, but its use was not found in the app's code; check that the code validates it before building URLs",
          status: 'deferred',
        },
      ],
    },
    ...(
      [
        [
          'a parameter, renamed',
          'const api = (z, { adminApiUrl: url, adminApiKey: key }) =>\n  new AdminApi({ url, key });',
        ],
        [
          'a declaration over lines',
          'const {\n  adminApiKey,\n  adminApiUrl,\n} = bundle.authData;\nconst api = new AdminApi({ url: adminApiUrl });',
        ],
        [
          'a typed parameter',
          'export const api = ({ adminApiUrl }: AuthData): AdminApi =>\n  new AdminApi({ url: adminApiUrl });',
        ],
      ] as const
    ).map(([shape, code]) => ({
      name: `a URL taken apart by name (${shape}) and used unchecked`,
      change: withAuthField(
        {
          key: 'adminApiUrl',
          label: 'Admin API URL',
          helpText: linked('Your Ghost address.'),
        },
        client(code),
      ),
      findings: [{ at: 'authentication adminApiUrl', message: unvalidated('a URL') }],
    })),
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
        { key, label, helpText: linked(helpText) },
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
        {
          key: 'siteUrl',
          label: 'Site URL',
          helpText: linked('Where your account lives.'),
        },
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
          helpText: linked('Where your account lives.'),
        });
        input.definition.authentication!.oauth2Config = {
          authorizeUrl: {
            url: 'https://{{bundle.inputData.dashboardUrl}}/oauth/authorize',
          },
        };
      },
      findings: [{ at: 'authentication dashboardUrl', message: unvalidated('a host') }],
    },
    ...(
      [
        ['hostname', 'Hostname', 'a host'],
        ['website', 'Website', 'a URL'],
        ['server', 'Server', 'a host'],
        ['api_endpoint', 'API Endpoint', 'a URL'],
      ] as const
    ).map(([key, label, holds]) => ({
      name: `a domain word, whole: ${key} ("${label}") holds ${holds}`,
      change: withAuthField(
        { key, label, helpText: linked('Where your account lives.') },
        client(`const base = bundle.authData.${key} + '/api';`),
      ),
      findings: [{ at: `authentication ${key}`, message: unvalidated(holds) }],
    })),
    {
      name: 'a check nearby of something else validates nothing',
      change: withAuthField(
        SUBDOMAIN,
        client(
          'if (!/^\\d+$/.test(bundle.inputData.page)) throw new Error("bad page");\nconst url = `https://${bundle.authData.subdomain}.example.org/api`;',
        ),
      ),
      findings: [{ at: 'authentication subdomain', message: unvalidated('a subdomain') }],
    },
    {
      name: 'the account ID sent as a header unchecked, as Zapier reported it',
      change: withAuthField(ACCOUNT_ID, ACCOUNT_HEADER),
      findings: [{ at: 'authentication account_id', message: INTO_REQUESTS }],
    },
    {
      name: "a typed value in the definition's request headers",
      change: (input) => {
        authFields(input).push(ACCOUNT_ID);
        input.definition.creates!.create_contact!.operation!.perform = {
          url: 'https://api.example.org/contacts',
          method: 'POST',
          headers: { 'X-Account': '{{bundle.authData.account_id}}' },
        };
      },
      findings: [{ at: 'authentication account_id', message: INTO_REQUESTS }],
    },
    {
      name: 'a typed value in the params of a z.request',
      change: withAuthField(
        ACCOUNT_ID,
        client(
          "const response = await z.request({\n  url: 'https://api.example.org/events',\n  params: {\n    account: bundle.authData.account_id,\n  },\n});",
        ),
      ),
      findings: [{ at: 'authentication account_id', message: INTO_REQUESTS }],
    },
    {
      name: 'a typed value in the address of a z.request',
      change: withAuthField(
        { ...ACCOUNT_ID, key: 'workspace', label: 'Workspace' },
        client(
          'const response = await z.request(\n  `https://api.example.org/workspaces/${bundle.authData.workspace}/events`,\n);',
        ),
      ),
      findings: [{ at: 'authentication workspace', message: INTO_REQUESTS }],
    },
  ],
});

import rule from '../../src/rules/D007-urls-are-https';
import { operation, testRule } from '../rule-tester';

/** A fragment that gives the app one file of code. */
const withClient = (text: string) => ({ sources: [{ path: 'lib/client.js', text }] });

testRule(rule, {
  valid: [
    ...[
      ['an https call', "z.request('https://api.example.org/contacts')"],
      ['a commented-out call', "// z.request('http://api.example.org/contacts')"],
      [
        'a link outside any call',
        "const docs = 'http://example.org/help';\nz.request(url);",
      ],
      [
        'an http URI inside a body',
        "z.request({ url: 'https://api.example.org/soap', body: '<e xmlns=\"http://schemas.xmlsoap.org/soap/envelope/\"/>' });",
      ],
    ].map(([how = '', text = '']) => ({
      name: `code with ${how}`,
      change: withClient(text),
    })),
    {
      name: 'an https URL that carries an http one in its query',
      change: (input) => {
        operation(input, 'creates.create_contact').perform = {
          url: 'https://api.example.org/contacts?callback=http://example.org/hook',
        };
      },
    },
  ],
  invalid: [
    {
      name: "an http URL in a create's request",
      change: (input) => {
        operation(input, 'creates.create_contact').perform = {
          url: 'http://api.example.org/contacts',
        };
      },
      findings: [
        {
          at: 'creates.create_contact',
          message: 'use https instead of "http://api.example.org/contacts"',
        },
      ],
    },
    ...[
      {
        how: 'a URL in the call',
        text: "z.request('http://api.example.org/contacts')",
        line: 1,
        url: 'http://api.example.org/contacts',
      },
      {
        how: 'a template in the options',
        text: 'const r = await z.request({\n  url: `http://${host}/contacts`,\n  method: "POST",\n});',
        line: 1,
        url: 'http://',
      },
      {
        how: 'the options object the call is given by name',
        text: "const options = {\n  url: 'http://localhost:3000/contacts',\n};\n\nreturn z.request(options);",
        line: 5,
        url: 'http://localhost:3000/contacts',
      },
      {
        how: 'past a regular expression with a quote in it, to an options object named with $',
        text: "const quoted = (x) => {\n  return /'/.test(x);\n};\nconst $opts = { url: 'http://api.example.org' };\nz.request($opts);",
        line: 5,
        url: 'http://api.example.org',
      },
    ].map(({ how, text, line, url }) => ({
      name: `http in what the code gives z.request(): ${how}`,
      change: withClient(text),
      findings: [
        { at: `lib/client.js:${line}`, message: `z.request() calls "${url}"; use https` },
      ],
    })),
    {
      name: 'an http authorizeUrl: every property named for a URL is read',
      change: {
        definition: {
          authentication: {
            oauth2Config: { authorizeUrl: 'http://app.example.org/oauth/authorize' },
          },
        },
      },
      findings: [
        {
          at: 'authentication',
          message: 'use https instead of "http://app.example.org/oauth/authorize"',
        },
      ],
    },
  ],
});

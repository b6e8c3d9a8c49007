import rule from '../../src/rules/local-curlies-in-request';
import { operation, testRule } from '../rule-tester';

/** A fragment that gives the app one file of code. */
const withClient = (text: string) => ({ sources: [{ path: 'lib/client.js', text }] });

const refused = (placeholder: string) =>
  `z.request() is given "${placeholder}", which core 17+ refuses at run time; use a template literal (\`\${bundle.…}\`)`;

const OPTIONS_BY_NAME =
  "const options = {\n  url: 'https://{{bundle.authData.subdomain}}.example.org/me',\n};\nz.request(options);";

testRule(rule, {
  valid: [
    {
      name: 'a shorthand request in the definition and a template literal in code',
      change: (input) => {
        operation(input, 'creates.create_contact').perform = {
          url: 'https://{{bundle.authData.subdomain}}.example.org/contacts',
        };
        input.sources.push({
          path: 'lib/client.js',
          text: 'z.request({ url: `https://${bundle.authData.subdomain}.example.org/me` });',
        });
      },
    },
    {
      name: 'before core 17, core fills the placeholder in',
      change: {
        definition: { platformVersion: '16.5.1' },
        ...withClient(OPTIONS_BY_NAME),
      },
    },
  ],
  invalid: [
    {
      name: 'a placeholder in a header of the call',
      change: withClient(
        "const perform = (z) =>\n  z.request({ url: 'https://api.example.org/me', headers: { Authorization: 'Bearer {{bundle.authData.token}}' } });",
      ),
      findings: [
        { at: 'lib/client.js:2', message: refused('{{bundle.authData.token}}') },
      ],
    },
    {
      name: 'a placeholder in the options a call is given by name',
      change: withClient(OPTIONS_BY_NAME),
      findings: [
        { at: 'lib/client.js:4', message: refused('{{bundle.authData.subdomain}}') },
      ],
    },
    {
      name: 'core 17.0.0, the first that refuses it, and a {{process.…}} placeholder',
      change: {
        definition: { platformVersion: '17.0.0' },
        ...withClient("z.request('{{process.env.API_URL}}/me');"),
      },
      findings: [{ at: 'lib/client.js:1', message: refused('{{process.env.API_URL}}') }],
    },
  ],
});

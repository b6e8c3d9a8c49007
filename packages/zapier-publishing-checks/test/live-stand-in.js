/**
 * An API with known faults, on 127.0.0.1, and the app that calls it: what
 * `--live` is tested on (test/live-run.test.ts, and the tarball's CI step,
 * scripts/checks-from-tarball.sh, which runs this file:
 * `node live-stand-in.js app DIR oauth2|key [hang]` writes the app,
 * `node live-stand-in.js serve REFRESH_TOKEN` serves until SIGTERM and
 * prints its address, then each request's method and path as it comes).
 *
 * Faults: contacts without an id, a date in another form, a sample key
 * (`vip`) that never comes back, a number field holding text; orders listed
 * with a key (`internal_note`) that deliveries lack; events that never
 * answer. A wrong API key or a stale bearer token is refused (401); an
 * OAuth refresh token is good once (each refresh rotates it).
 */
'use strict';
/* global require, module, process, URL, URLSearchParams -- CommonJS, run by Node as it is */
/* eslint-disable @typescript-eslint/no-require-imports -- the same */

const { randomBytes } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { join } = require('node:path');

const API_KEY = 'stand-in-key-7f3a9c2e';

const CONTACTS = [
  { id: 'c_1', email: 'ada@example.org', created_at: '2026-03-14T09:26:53Z', score: 7 },
  { email: 'bob@example.org', created_at: '14/03/2026 09:26', score: 'seven' },
];
const ORDERS = [{ id: 'o_1', total: '12.50', internal_note: 'call back' }];
const DELIVERY = { id: 'o_2', total: 9.5 };
const SEARCH_INPUT = { email: 'ada@example.org' };

const send = (response, status, body) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

const bodyOf = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
};

/**
 * Serves on 127.0.0.1 (a free port); `refreshToken` is the one good refresh
 * token until it is used. `requests` holds each request's method and path.
 */
function startStandIn(refreshToken, onRequest = () => undefined) {
  const requests = [];
  const access = new Set();
  const refresh = new Set([refreshToken]);
  const rotate = () => {
    const token = {
      access_token: randomBytes(12).toString('hex'),
      refresh_token: randomBytes(12).toString('hex'),
    };
    access.add(token.access_token);
    refresh.add(token.refresh_token);
    return token;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: request.method, path: url.pathname });
    onRequest(`${request.method} ${url.pathname}`);
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      if (url.pathname === '/oauth/token') {
        const { refresh_token: presented } = bodyOf(text);
        if (!refresh.delete(presented)) {
          return send(response, 400, { error: 'invalid_grant' });
        }
        return send(response, 200, rotate());
      }
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (request.headers['x-api-key'] !== API_KEY && !access.has(bearer)) {
        return send(response, 401, { message: 'invalid API key' });
      }
      if (url.pathname === '/api/events') {
        return; // never answers
      }
      if (request.method !== 'GET') {
        return send(response, 201, { id: 'c_9' });
      }
      const answers = {
        '/api/me': { email: 'ada@example.org' },
        '/api/contacts': CONTACTS,
        '/api/contacts/search': CONTACTS.filter(
          (contact) => contact.email === url.searchParams.get('email'),
        ),
        '/api/orders': ORDERS,
      };
      const answer = answers[url.pathname];
      return answer === undefined
        ? send(response, 404, { message: 'no such path' })
        : send(response, 200, answer);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The app's index.js: an API key or OAuth2 connection; `hang`: a trigger whose API never answers. */
function standInApp(auth, hang) {
  const connection =
    auth === 'key'
      ? `{ type: 'custom', fields: [{ key: 'api_key', label: 'API Key', type: 'password', required: true }],
    test: (z) => z.request(base() + '/api/me').then((r) => r.data), connectionLabel: '{{email}}' }`
      : `{ type: 'oauth2', test: (z) => z.request(base() + '/api/me').then((r) => r.data), connectionLabel: '{{email}}',
    oauth2Config: { autoRefresh: true, authorizeUrl: { url: base() + '/oauth/authorize' },
      getAccessToken: { url: base() + '/oauth/token', method: 'POST' },
      refreshAccessToken: (z, bundle) => z.request({ method: 'POST', url: base() + '/oauth/token',
        body: { grant_type: 'refresh_token', refresh_token: bundle.authData.refresh_token } }).then((r) => r.data) } }`;
  const get = (path) => `(z) => z.request(base() + '${path}').then((r) => r.data)`;
  const fields = (...list) =>
    list
      .map(
        ([key, type]) =>
          `{ key: '${key}', label: '${key}'${type ? `, type: '${type}'` : ''} }`,
      )
      .join(', ');
  return `const zapier = require('zapier-platform-core');
const base = () => process.env.BASE_URL;
module.exports = {
  version: '1.0.0',
  platformVersion: zapier.version,
  authentication: ${connection},
  beforeRequest: [(request, z, bundle) => {
    if (bundle.authData.api_key) request.headers['x-api-key'] = bundle.authData.api_key;
    if (bundle.authData.access_token) request.headers.Authorization = 'Bearer ' + bundle.authData.access_token;
    return request;
  }],
  triggers: {
    new_contact: { key: 'new_contact', noun: 'Contact',
      display: { label: 'New Contact', description: 'Triggers when a contact is added.' },
      operation: { perform: ${get('/api/contacts')},
        sample: { id: 'c_1', email: 'ada@example.org', created_at: '2026-03-14T09:26:53Z', score: 7, vip: true },
        outputFields: [${fields(['id'], ['email'], ['created_at', 'datetime'], ['score', 'integer'], ['vip', 'boolean'])}] } },
    new_order: { key: 'new_order', noun: 'Order',
      display: { label: 'New Order', description: 'Triggers when an order is placed.' },
      operation: { type: 'hook', perform: (z, bundle) => [bundle.cleanedRequest],
        performList: ${get('/api/orders')},
        performSubscribe: () => ({ id: 'h_1' }), performUnsubscribe: () => ({}),
        sample: { id: 'o_1', total: 12.5 }, outputFields: [${fields(['id'], ['total', 'number'])}] } },
${
  hang
    ? `    new_event: { key: 'new_event', noun: 'Event',
      display: { label: 'New Event', description: 'Triggers when an event happens.' },
      operation: { perform: ${get('/api/events')}, sample: { id: 'e_1' } } },
`
    : ''
}  },
  searches: {
    find_contact: { key: 'find_contact', noun: 'Contact',
      display: { label: 'Find Contact', description: 'Finds a contact by email.' },
      operation: { inputFields: [{ key: 'email', label: 'Email', required: true }],
        perform: (z, bundle) => z.request(base() + '/api/contacts/search', { params: { email: bundle.inputData.email } }).then((r) => r.data),
        sample: { id: 'c_1', email: 'ada@example.org', created_at: '2026-03-14T09:26:53Z', score: 7 } } },
  },
  creates: {
    add_contact: { key: 'add_contact', noun: 'Contact',
      display: { label: 'Add Contact', description: 'Adds a contact.' },
      operation: { inputFields: [{ key: 'email', label: 'Email', required: true }],
        perform: (z, bundle) => z.request({ method: 'POST', url: base() + '/api/contacts', body: bundle.inputData }).then((r) => r.data),
        sample: { id: 'c_1', email: 'ada@example.org' } } },
  },
};
`;
}

/** Writes the app, the delivery and the search's input into `dir`. */
function writeStandInApp(dir, auth, hang) {
  writeFileSync(join(dir, 'index.js'), standInApp(auth, hang));
  writeFileSync(join(dir, 'delivery.json'), JSON.stringify(DELIVERY));
  writeFileSync(join(dir, 'search.json'), JSON.stringify(SEARCH_INPUT));
}

module.exports = { API_KEY, startStandIn, writeStandInApp };

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'app') {
    writeStandInApp(args[0], args[1], args[2] === 'hang');
  } else if (command === 'serve') {
    const printed = (line) => process.stdout.write(`${line}\n`);
    void startStandIn(args[0], printed).then((standIn) => {
      process.stdout.write(`${standIn.url}\n`);
      process.once('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
    });
  } else {
    process.stderr.write(
      'usage: live-stand-in.js app DIR oauth2|key [hang] | serve REFRESH_TOKEN\n',
    );
    process.exit(2);
  }
}

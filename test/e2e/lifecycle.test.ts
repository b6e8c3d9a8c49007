/**
 * `npm start` as tests: the built app through zapier-platform-core against
 * the sandbox, over real loopback HTTP, in both OAuth modes. No nock.
 */
import { join } from 'node:path';

import { APP_BUILD_TIMEOUT_MS, ensureAppBuilt } from '../../harness/app-build';
import { fingerprint } from '../../lifecycle/fingerprint';
import { runLifecycle } from '../../lifecycle/run';
import { LEAD_OUTPUT_FIELDS, SAMPLE_LEAD } from '../../src/triggers/new-lead';

const APP_DIR = join(__dirname, '..', '..');

jest.setTimeout(60_000);

beforeAll(async () => {
  await ensureAppBuilt(APP_DIR);
}, APP_BUILD_TIMEOUT_MS);

describe.each([
  ['client-secret mode', false],
  ['PKCE mode', true],
])('the whole Zap lifecycle, %s', (_mode, pkce) => {
  const lines: string[] = [];
  let result: Awaited<ReturnType<typeof runLifecycle>>;

  beforeAll(async () => {
    result = await runLifecycle({
      pkce,
      appDir: APP_DIR,
      accessTokenTtlSeconds: 2,
      print: (line) => lines.push(line),
    });
  });

  it('prints one line per step, every one passed, in order', () => {
    const steps = lines.filter(
      (line) => !line.startsWith('    ') && !line.startsWith('  ('),
    );
    const expected = [
      /^✔ Sandbox of the landing-page service on http:\/\/127\.0\.0\.1:\d+/,
      /^✔ Hook receiver standing in for Zapier on http:\/\/127\.0\.0\.1:\d+\/hooks\/.*answers the first delivery 503/,
      /^✔ Zapier's cache \(set-if-absent, one part per connected account\) and log endpoint standing in on http:\/\/127\.0\.0\.1:\d+$/,
      pkce ? /PKCE mode \(no client secret\)$/ : /client-secret mode$/,
      /^✔ Authorize URL .*\/oauth\/authorize asks for scope user\.read,leads\.read/,
      /^✔ Ada Lovelace approved on the consent page of Spring Launch/,
      pkce
        ? /^✔ Code exchanged with code_verifier/
        : /^✔ Code exchanged with client_secret/,
      /^✔ Connection test passed/,
      /^✔ Zap turned on: webhook wh_/,
      /^✔ Lead lead_\S+ submitted on the page "Spring Launch – Early Access"$/,
      /^✔ Delivered to the hook receiver: POST application\/json, \d+ bytes; the receiver answered 503$/,
      /^✔ perform \(Zap zap_[0-9a-f]+, webhook wh_\S+, Page "Spring Launch – Early Access"\) turned the delivery into 1 lead/,
      /^✔ Zap editor: the Page dropdown lists "Spring Launch – Early Access" \(page_spring_launch\); with it chosen, the test step shows lead lead_\S+ \(Is Sample: false\), not the sample$/,
      /^✔ Another connected account sees none of it: an empty Page dropdown, the sample in its test step$/,
      /^✔ The sandbox retried \(answers: 503, 200\); perform recognised the redelivery and returned no item: the Zap ran once for lead lead_/,
      /^✔ A lead from "Webinar Signup" was delivered; perform kept it out/,
      /^✔ Access token expired \(401\): 2 Zap runs refreshed at the same moment with #[0-9a-f]{8}; each got a working access token and the one new refresh token #[0-9a-f]{8}: the connection stays live$/,
      /^✔ Zap turned off: webhook wh_/,
      /^✔ The sandbox no longer holds webhook wh_/,
      /^✔ Past the 30 s grace, the rotated-out refresh token #[0-9a-f]{8} is refused \(HTTP 400\), and the connection's newest #[0-9a-f]{8} with it \(reuse detection\)$/,
    ];
    expect(steps).toHaveLength(expected.length);
    steps.forEach((line, index) => expect(line).toMatch(expected[index]!));
  });

  it('labels the connection with the person and the project', () => {
    expect(result.label).toBe('Ada Lovelace (ada@example.org) · Spring Launch');
  });

  it('turns the delivered lead into clean, labelled fields', () => {
    expect(result.lead).toMatchObject({
      id: expect.stringMatching(/^lead_/) as unknown,
      email: 'grace.hopper@example.org',
      first_name: 'Grace',
      last_name: 'Hopper',
      full_name: 'Grace Hopper',
      phone: '+1 202 555 0143',
      created_at: expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      ) as unknown,
      page__name: 'Spring Launch – Early Access',
      fields__company: 'Harvard Computation Lab',
      utm__campaign: 'spring-launch',
      consent: true,
      delivery__project__name: 'Spring Launch',
      is_sample: false,
    });
    expect(lines).toContain('    Email: grace.hopper@example.org');
    expect(lines).toContain('    Page Name: Spring Launch – Early Access');
  });

  it('gives the live lead exactly the keys of the sample, each with a label', () => {
    expect(Object.keys(result.lead).sort()).toEqual(Object.keys(SAMPLE_LEAD).sort());
    const labelled: string[] = LEAD_OUTPUT_FIELDS.map((field) => field.key);
    expect(Object.keys(result.lead).filter((key) => !labelled.includes(key))).toEqual([]);
  });

  it('runs the Zap once for a lead the sandbox delivered twice, and says why', () => {
    expect(lines).toContain(
      `    log: New Lead skipped lead ${result.lead.id}: this Zap already received it (the service sent it again).`,
    );
  });

  it('keeps out a lead from a page the Zap did not choose, and says why', () => {
    expect(lines.join('\n')).toMatch(
      / {4}log: New Lead skipped lead lead_\S+: it did not come from the page "Spring Launch – Early Access" chosen in this Zap\./,
    );
  });

  it('names tokens only by fingerprints of the tokens the connection held', () => {
    const printed = lines.join('\n').match(/#[0-9a-f]{8}\b/g) ?? [];
    const held = result.secrets.tokens.map((token) => fingerprint(token));
    // The exchange's two tokens, the rotation's two refresh tokens, the rotated-out
    // one and the newest.
    expect(printed).toHaveLength(6);
    expect(printed.filter((name) => !held.includes(name))).toEqual([]);
  });

  it('never printed the client secret, a token or the authorization code', () => {
    const transcript = lines.join('\n');
    const { clientSecret, authorizationCode, tokens } = result.secrets;
    // Access and refresh token of the exchange and of at least one refresh.
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const secret of [clientSecret, authorizationCode, ...tokens]) {
      expect(secret.length).toBeGreaterThanOrEqual(16);
      expect(transcript).not.toContain(secret);
      // Nor any part of one (a prefix cut off, a middle printed): no 12
      // characters in a row of it; fingerprints are 8.
      const random = secret.replace(/^[a-z]+_/, '');
      for (let start = 0; start + 12 <= random.length; start += 1) {
        expect(transcript).not.toContain(random.slice(start, start + 12));
      }
    }
  });
});

it('stops with a clear message when a step fails', async () => {
  const lines: string[] = [];
  await expect(
    runLifecycle({
      pkce: false,
      appDir: join(APP_DIR, 'no-such-app'),
      print: (line) => lines.push(line),
    }),
  ).rejects.toThrow(
    /^Loading the built app: the app is not built: .*no-such-app\/dist\/app\.js is missing/,
  );
  expect(lines).toHaveLength(3);
});

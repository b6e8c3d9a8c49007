/**
 * The consent page in a real browser: Debian's Chromium, driven by
 * playwright-core (no browser download). Under CI=true a missing browser
 * fails the run; elsewhere these tests are skipped with a note.
 */
import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

import { startHookReceiver } from '../../harness/hook-receiver';
import type { HookReceiver } from '../../harness/hook-receiver';
import { FREE_USER } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const inCi = process.env.CI === 'true';

jest.setTimeout(60_000);

if (!available) {
  if (inCi) {
    it('has Chromium to drive', () => {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: .ci/run installs Debian's chromium package`,
      );
    });
  } else {
    // eslint-disable-next-line no-console
    console.warn(
      `Skipping the browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium).`,
    );
  }
}

const describeInBrowser = available ? describe : describe.skip;

describeInBrowser('the consent page in headless Chromium', () => {
  let browser: Browser;
  let sandbox: Sandbox;
  let application: HookReceiver;
  let page: Page;

  beforeAll(async () => {
    // The application behind the redirect URI: a real local server the browser lands on.
    application = await startHookReceiver();
    sandbox = await startSandbox({ redirectUris: [application.url] });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await application?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  function authorizeUrl(extra: Record<string, string> = {}): string {
    return `${sandbox.appUrl}/oauth/authorize?${new URLSearchParams({
      client_id: sandbox.client.id,
      redirect_uri: application.url,
      response_type: 'code',
      scope: 'user.read,leads.read',
      state: 'browser-state-42',
      ...extra,
    }).toString()}`;
  }

  it('Approve lands on the redirect URI with a code and the same state', async () => {
    await page.goto(authorizeUrl());
    expect(await page.locator('h1').textContent()).toBe(
      'Zapier wants to access Spring Launch',
    );
    expect(await page.locator('#scopes li').allTextContents()).toEqual([
      'Read your name and email address (user.read)',
      'Read your leads (leads.read)',
    ]);
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(application.url)),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state-42');
    expect(landed.searchParams.get('code')).toMatch(/^code_/);
    expect(await page.textContent('body')).toBe('{"status":"success"}');
  });

  it('Deny lands on the redirect URI with error=access_denied and the same state', async () => {
    await page.goto(authorizeUrl());
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(application.url)),
      page.getByRole('button', { name: 'Deny' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('browser-state-42');
    expect(landed.searchParams.has('code')).toBe(false);
  });

  it('sends a free-plan project back to the application with access_denied, saying why', async () => {
    await page.goto(authorizeUrl({ as: FREE_USER.id }));
    const landed = new URL(page.url());
    expect(landed.href.startsWith(application.url)).toBe(true);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('error_description')).toBe(
      'OAuth is available only to projects on a paid plan: Hobby Page is on the free plan',
    );
    expect(landed.searchParams.get('state')).toBe('browser-state-42');
    expect(landed.searchParams.has('code')).toBe(false);
  });
});

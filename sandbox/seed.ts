import { randomBytes } from 'node:crypto';

import type { RegisteredClient, Page, Project, Store, User } from './store';

/** Zapier's OAuth return URL; the real one carries the app's id (see docs/connection.md). */
export const ZAPIER_REDIRECT_URI =
  'https://zapier.com/dashboard/auth/oauth/return/App000000CLIAPI/';
/** Where `zapier-platform invoke auth start` listens for the redirect. */
export const INVOKE_REDIRECT_URI = 'http://localhost:9000';

export const PAID_PROJECT: Project = {
  id: 'prj_spring',
  name: 'Spring Launch',
  plan: 'paid',
};
export const FREE_PROJECT: Project = {
  id: 'prj_hobby',
  name: 'Hobby Page',
  plan: 'free',
};

/** Several pages per project: New Lead's Page field picks one. The first is the default. */
export const PAGES: Page[] = [
  {
    id: 'page_spring_launch',
    projectId: PAID_PROJECT.id,
    name: 'Spring Launch – Early Access',
    url: 'https://pages.example.org/spring-launch',
  },
  {
    id: 'page_webinar',
    projectId: PAID_PROJECT.id,
    name: 'Webinar Signup',
    url: 'https://pages.example.org/webinar',
  },
  {
    id: 'page_pricing',
    projectId: PAID_PROJECT.id,
    name: 'Pricing Enquiry',
    url: 'https://pages.example.org/pricing',
  },
  {
    id: 'page_hobby_newsletter',
    projectId: FREE_PROJECT.id,
    name: 'Hobby Newsletter',
    url: 'https://pages.example.org/hobby-newsletter',
  },
];

export const PAID_USER: User = {
  id: 'usr_ada',
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  image: 'https://www.gravatar.com/avatar/?d=identicon',
  projectId: PAID_PROJECT.id,
};

export const FREE_USER: User = {
  id: 'usr_grace',
  email: 'grace@example.org',
  firstName: 'Grace',
  lastName: 'Hopper',
  image: 'https://www.gravatar.com/avatar/?d=identicon',
  projectId: FREE_PROJECT.id,
};

export interface SeedOptions {
  redirectUris?: string[];
}

/**
 * On first start: a paid and a free project with their pages, a user each,
 * and one OAuth client with a fresh random secret. Later starts keep what is
 * there (a database from before pages existed gets them).
 */
export function seed(store: Store, options: SeedOptions = {}): RegisteredClient {
  const { accounts, clientsAndTokens: oauth } = store;
  if (accounts.isEmpty()) {
    accounts.addProject(PAID_PROJECT);
    accounts.addProject(FREE_PROJECT);
    accounts.addUser(PAID_USER);
    accounts.addUser(FREE_USER);
    oauth.addClient({
      id: 'zapier-sandbox-client',
      secret: randomBytes(24).toString('base64url'),
      name: 'Zapier',
      redirectUris: options.redirectUris ?? [ZAPIER_REDIRECT_URI, INVOKE_REDIRECT_URI],
    });
  }
  if (accounts.pages().length === 0) {
    PAGES.filter((page) => accounts.project(page.projectId) !== undefined).forEach(
      (page) => accounts.addPage(page),
    );
  }
  const [client] = oauth.clients();
  if (client === undefined) {
    throw new Error(
      'The sandbox database has projects but no OAuth client: delete it and start again.',
    );
  }
  return client;
}

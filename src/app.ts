import zapier, { defineApp } from 'zapier-platform-core';

import { createAuthentication } from './authentication';
import { ZAPIER_CACHE_TIMING } from './cache-calls';
import type { CacheTiming } from './cache-calls';
import { pkceRequested } from './config';
import { throwForFailedResponse } from './errors';
import { acceptJson, addBearerToken } from './middleware';
import { createNewLead } from './triggers/new-lead';
import { createPageList } from './triggers/page-list';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

export interface AppOptions {
  /** PKCE mode, fixed when the definition is built; `OAUTH_PKCE` by default. */
  pkce: boolean;
  /** The time New Lead may spend on Zapier's cache; Zapier's by default. */
  cacheTiming?: CacheTiming;
}

/** The app definition. */
export function createApp(options: AppOptions = { pkce: pkceRequested() }) {
  const { cacheTiming = ZAPIER_CACHE_TIMING } = options;
  const newLead = createNewLead(cacheTiming);
  const pageList = createPageList(cacheTiming);
  return defineApp({
    version,
    platformVersion: zapier.version,
    authentication: createAuthentication(options.pkce),
    beforeRequest: [acceptJson, addBearerToken],
    afterResponse: [throwForFailedResponse],
    triggers: { [newLead.key]: newLead, [pageList.key]: pageList },
    // Every request of the app's own goes through z.request, which core logs;
    // core's patch of node's http would log each of the thousands of RPCs a
    // batch's claims make to Zapier's cache too, each a log entry and CPU.
    // Inputs arrive as the user left them: an empty Page means every page
    // (wantedPage), and Zapier warns when core may drop empty values (D028).
    flags: { skipHttpPatch: true, cleanInputData: false },
  });
}

import zapier, { defineApp } from 'zapier-platform-core';

import { createAuthentication } from './authentication';
import { pkceRequested } from './config';
import { throwForFailedResponse } from './errors';
import { acceptJson, addBearerToken } from './middleware';
import { newLead } from './triggers/new-lead';
import { pageList } from './triggers/page-list';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

/** The app definition. PKCE mode is fixed when the definition is built, from `OAUTH_PKCE`. */
export function createApp(options: { pkce: boolean } = { pkce: pkceRequested() }) {
  return defineApp({
    version,
    platformVersion: zapier.version,
    authentication: createAuthentication(options.pkce),
    beforeRequest: [acceptJson, addBearerToken],
    afterResponse: [throwForFailedResponse],
    triggers: { [newLead.key]: newLead, [pageList.key]: pageList },
  });
}

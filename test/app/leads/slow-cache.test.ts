/**
 * Exactly once per Zap when Zapier's cache is slow, fails or never answers:
 * `src/leads/redeliveries.ts` within the time `src/cache-calls.ts` allows,
 * for the app's source, through core's Lambda handler. A file of its own:
 * its scenarios wait out timeouts, and run beside the others.
 */
import nock from 'nock';

import { createApp } from '../../../src/app';
import { describeSlowCache } from '../../exactly-once-scenarios';

beforeAll(() => nock.enableNetConnect('127.0.0.1'));
afterAll(() => nock.disableNetConnect());

describe('New Lead on a slow, failing or silent cache (source)', () => {
  describeSlowCache((cacheTiming) => createApp({ pkce: false, cacheTiming }));
});

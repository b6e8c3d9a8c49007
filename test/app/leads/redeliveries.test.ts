/** Exactly once per Zap, for the app's source, through core's Lambda handler. */
import nock from 'nock';

import { createApp } from '../../../src/app';
import type { CacheTiming } from '../../../src/cache-calls';
import {
  describeExactlyOnce,
  describeFalseAnswer,
  describeOddAnswer,
} from '../../exactly-once-scenarios';

beforeAll(() => nock.enableNetConnect('127.0.0.1'));
afterAll(() => nock.disableNetConnect());

describe('New Lead, exactly once per Zap (source)', () => {
  const loadApp = (cacheTiming: CacheTiming) => createApp({ pkce: false, cacheTiming });
  describeExactlyOnce(loadApp, { socketsReused: false, batchSize: 500 });
  describeFalseAnswer(loadApp);
  describeOddAnswer(loadApp);
});

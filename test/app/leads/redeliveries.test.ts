/** Exactly once per Zap, for the app's source, through core's Lambda handler. */
import nock from 'nock';

import { createApp } from '../../../src/app';
import {
  describeExactlyOnce,
  describeFalseAnswer,
  describeOddAnswer,
} from '../../exactly-once-scenarios';

beforeAll(() => nock.enableNetConnect('127.0.0.1'));
afterAll(() => nock.disableNetConnect());

describe('New Lead, exactly once per Zap (source)', () => {
  describeExactlyOnce(() => createApp({ pkce: false }), {
    socketsReused: false,
    batchSize: 500,
  });
  describeFalseAnswer(() => createApp({ pkce: false }));
  describeOddAnswer(() => createApp({ pkce: false }));
});

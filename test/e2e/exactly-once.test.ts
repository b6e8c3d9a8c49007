/** Exactly once per Zap, for the built app (dist/), through core's Lambda handler. */
import { join } from 'node:path';

import { ensureAppBuilt } from '../../harness/app-build';
import { BuiltApp } from '../../harness/zapier/built-app';
import {
  describeExactlyOnce,
  describeFalseAnswer,
  describeOddAnswer,
} from '../exactly-once-scenarios';

const APP_DIR = join(__dirname, '..', '..');

const builtApp = () => new BuiltApp(APP_DIR, false).definition;

beforeAll(() => {
  ensureAppBuilt(APP_DIR);
});

describe('New Lead, exactly once per Zap (built app)', () => {
  describeExactlyOnce(builtApp, { socketsReused: true, batchSize: 2000 });
  describeFalseAnswer(builtApp);
  describeOddAnswer(builtApp);
});

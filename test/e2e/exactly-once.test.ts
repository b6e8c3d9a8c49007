/** Exactly once per Zap, for the built app (dist/), through core's Lambda handler. */
import { join } from 'node:path';

import { ensureAppBuilt } from '../../lifecycle/build';
import type { createApp } from '../../src/app';
import { describeExactlyOnce, describeFalseAnswer } from '../exactly-once-scenarios';

const APP_DIR = join(__dirname, '..', '..');

function builtApp(): object {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const built = require(join(APP_DIR, 'dist', 'app.js')) as {
    createApp: typeof createApp;
  };
  return built.createApp({ pkce: false });
}

beforeAll(() => {
  ensureAppBuilt(APP_DIR);
});

describe('New Lead, exactly once per Zap (built app)', () => {
  describeExactlyOnce(builtApp);
  describeFalseAnswer(builtApp);
});

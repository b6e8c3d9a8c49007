/** Loading the built app, as Zapier loads an uploaded version. */
import type { StepOutcome } from '../transcript';
import { BuiltApp } from '../../harness/zapier/built-app';

export function loadTheBuiltApp(
  appDir: string,
  pkce: boolean,
): Promise<StepOutcome<BuiltApp>> {
  const app = new BuiltApp(appDir, pkce);
  const { version, platformVersion } = app.definition;
  return Promise.resolve({
    value: app,
    line:
      `Built app ${version} loaded from dist/ on zapier-platform-core ${platformVersion}, ` +
      (pkce ? 'PKCE mode (no client secret)' : 'client-secret mode'),
  });
}

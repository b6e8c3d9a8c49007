/**
 * The built app (dist/) as Zapier calls it: each OAuth and New Lead operation
 * through core's app tester, typed by what the app returns.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import zapier from 'zapier-platform-core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import type { createApp } from '../../src/app';
import type { CacheTiming } from '../../src/cache-calls';
import type { AuthData as AppAuthData } from '../../src/authentication';
import { renderConnectionLabel } from './connection-label';

/** The app's `bundle.authData`, as an object type core's bundle typing accepts. */
export type BundleAuthData = Pick<AppAuthData, keyof AppAuthData>;
export type BuiltAppDefinition = ReturnType<typeof createApp>;
export interface Subscription {
  id: string;
}

type Operation<T> = (z: ZObject, bundle: Bundle) => Promise<T>;

function operation<T>(value: unknown, name: string): Operation<T> {
  if (typeof value !== 'function') {
    throw new Error(`the built app has no ${name} function`);
  }
  return value as Operation<T>;
}

/** Loads `appDir/dist/app.js` and builds its definition in the OAuth mode asked for. */
function loadDefinition(
  appDir: string,
  pkce: boolean,
  cacheTiming: CacheTiming | undefined,
): BuiltAppDefinition {
  const entry = join(appDir, 'dist', 'app.js');
  if (!existsSync(entry)) {
    throw new Error(`the app is not built: ${entry} is missing (npm run build)`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const built = require(entry) as { createApp: typeof createApp };
  const definition = built.createApp({ pkce, cacheTiming });
  if (definition.authentication?.oauth2Config?.enablePkce !== pkce) {
    throw new Error('the definition does not have the PKCE setting asked for');
  }
  return definition;
}

function oauthOf(definition: BuiltAppDefinition) {
  const authentication = definition.authentication;
  const oauth2 = authentication?.oauth2Config;
  if (authentication === undefined || oauth2 === undefined) {
    throw new Error('the built app has no OAuth 2.0 authentication');
  }
  return { authentication, oauth2 };
}

/** New Lead's REST hook operation. */
function newLeadOf(definition: BuiltAppDefinition) {
  const operation = definition.triggers?.new_lead?.operation;
  if (operation?.type !== 'hook' || !('perform' in operation)) {
    throw new Error('new_lead is not a hook trigger');
  }
  return operation;
}

export class BuiltApp {
  readonly definition: BuiltAppDefinition;
  private readonly tester: ReturnType<typeof zapier.createAppTester>;
  private readonly authentication: ReturnType<typeof oauthOf>['authentication'];
  private readonly oauth2: ReturnType<typeof oauthOf>['oauth2'];
  private readonly newLead: ReturnType<typeof newLeadOf>;

  /**
   * Loads the app from `appDir/dist`, with Zapier's time for the cache unless
   * `cacheTiming` says otherwise; throws when it lacks what the lifecycle drives.
   */
  constructor(appDir: string, pkce: boolean, cacheTiming?: CacheTiming) {
    this.definition = loadDefinition(appDir, pkce, cacheTiming);
    this.tester = zapier.createAppTester(this.definition);
    ({ authentication: this.authentication, oauth2: this.oauth2 } = oauthOf(
      this.definition,
    ));
    this.newLead = newLeadOf(this.definition);
  }

  get pkce(): boolean {
    return this.oauth2.enablePkce === true;
  }

  authorizeUrl(redirectUri: string, state: string): Promise<string> {
    return this.tester(operation<string>(this.oauth2.authorizeUrl, 'authorizeUrl'), {
      inputData: { redirect_uri: redirectUri, state },
    });
  }

  exchangeCode(inputData: Record<string, string>): Promise<BundleAuthData> {
    return this.tester(
      operation<BundleAuthData>(this.oauth2.getAccessToken, 'getAccessToken'),
      {
        inputData,
      },
    );
  }

  refresh(authData: BundleAuthData): Promise<BundleAuthData> {
    return this.tester(
      operation<BundleAuthData>(this.oauth2.refreshAccessToken, 'refreshAccessToken'),
      { authData },
    );
  }

  testConnection(authData: BundleAuthData): Promise<Record<string, unknown>> {
    return this.tester(
      operation<Record<string, unknown>>(this.authentication.test, 'test'),
      { authData },
    );
  }

  /** The label Zapier shows for a connection whose test gave `testResult`. */
  connectionLabel(testResult: Record<string, unknown>): string {
    const template = this.authentication.connectionLabel;
    if (typeof template !== 'string') {
      throw new Error('the built app has no connection label template');
    }
    return renderConnectionLabel(template, testResult);
  }

  subscribe(authData: BundleAuthData, targetUrl: string): Promise<Subscription> {
    return this.tester(
      operation<Subscription>(this.newLead.performSubscribe, 'performSubscribe'),
      { authData, targetUrl },
    );
  }

  unsubscribe(authData: BundleAuthData, subscribeData: Subscription): Promise<unknown> {
    return this.tester(
      operation<unknown>(this.newLead.performUnsubscribe, 'performUnsubscribe'),
      { authData, subscribeData },
    );
  }

  /** The label of each of New Lead's output fields, by key. */
  outputLabels(): Map<string, string> {
    return new Map(
      (this.newLead.outputFields ?? []).flatMap((field) =>
        typeof field === 'object' && 'key' in field
          ? [[field.key, field.label ?? field.key] as const]
          : [],
      ),
    );
  }
}

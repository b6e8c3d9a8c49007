/**
 * A live Zap with New Lead: `perform` on a delivery runs through core's
 * Lambda handler with Zapier's cache and log endpoint standing in, as a run
 * of the Zap's connected account, with what Zapier hands over today: the
 * subscription (what performSubscribe returned), the Zap's id and its Page.
 */
import { randomBytes } from 'node:crypto';

import type { Lead } from '../../src/leads/fields';
import type { ReceivedRequest } from '../hook-receiver';
import type { BuiltApp, Subscription } from './built-app';
import type { Connection, ZapierRuntime } from './runtime';

const PERFORM = 'triggers.new_lead.operation.perform';

/** A landing page, as the Zap's Page setting names it. */
export interface LandingPage {
  id: string;
  name: string;
}

export interface PerformResult {
  items: Lead[];
  /** What the app logged during this perform. */
  logged: string[];
}

export class LiveZap {
  readonly id = `zap_${randomBytes(6).toString('hex')}`;

  /** @param onLog gets each line the app logged, as it is taken */
  constructor(
    private readonly runtime: ZapierRuntime,
    private readonly app: BuiltApp,
    readonly connection: Connection,
    readonly subscription: Subscription,
    readonly page: LandingPage,
    private readonly onLog: (line: string) => void,
  ) {}

  /** Runs perform on a request the hook receiver took, as Zapier would. */
  async perform(request: ReceivedRequest): Promise<PerformResult> {
    const loggedBefore = this.runtime.consoleLines.length;
    try {
      const items = await this.runtime.invoke<Lead[]>(
        this.app.definition,
        PERFORM,
        {
          cleanedRequest: JSON.parse(request.body) as unknown,
          rawRequest: {
            method: request.method,
            headers: request.headers as Record<string, string>,
            content: request.body,
            querystring: '',
          },
          inputData: { page: this.page.name },
          subscribeData: this.subscription,
          meta: { zap: { id: this.id } },
        },
        this.connection,
      );
      return { items, logged: this.runtime.consoleLines.slice(loggedBefore) };
    } finally {
      for (const line of this.runtime.consoleLines.slice(loggedBefore)) {
        this.onLog(line);
      }
    }
  }
}

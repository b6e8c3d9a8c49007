/**
 * The Zap editor of a connected account: New Lead's Page dropdown (the
 * hidden `page_list` trigger) and its test step (`performList`), run through
 * core's Lambda handler with the runtime's cache, as that account's runs.
 */
import type { Lead } from '../../src/leads/fields';
import type { PageChoice } from '../../src/triggers/page-list';
import type { BuiltApp } from './built-app';
import type { Connection, ZapierRuntime } from './runtime';

const PAGE_CHOICES = 'triggers.page_list.operation.perform';
const TEST_STEP = 'triggers.new_lead.operation.performList';

export class ZapEditor {
  constructor(
    private readonly runtime: ZapierRuntime,
    private readonly app: BuiltApp,
    readonly connection: Connection,
  ) {}

  /** What the Page dropdown offers. */
  pageChoices(): Promise<PageChoice[]> {
    return this.runtime.invoke<PageChoice[]>(
      this.app.definition,
      PAGE_CHOICES,
      {},
      this.connection,
    );
  }

  /** What New Lead's test step shows with `page` chosen (or none). */
  testStep(page?: string): Promise<Lead[]> {
    return this.runtime.invoke<Lead[]>(
      this.app.definition,
      TEST_STEP,
      { inputData: page === undefined ? {} : { page } },
      this.connection,
    );
  }
}

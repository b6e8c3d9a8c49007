/**
 * The app's own definition passes every check, on real local runs of its
 * trigger; the local runner tells a run that needs the network from one
 * that fails.
 */
import { join } from 'node:path';

import zapier from 'zapier-platform-core';

import {
  asAppHandler,
  checkApp,
  definitionOf,
  readListing,
  readSources,
  runStepsOffline,
} from 'zapier-publishing-checks';
import { createApp } from '../../src/app';
import sampleDelivery from '../../src/samples/lead-delivery.json';

const ROOT = join(__dirname, '..', '..');
/** Core's handler for `app`, as the checks call it. */
const handlerOf = (app: object) =>
  asAppHandler(
    (
      zapier as unknown as {
        createAppHandler: (app: object) => (...args: unknown[]) => unknown;
      }
    ).createAppHandler(app),
  );

describe.each([false, true])('the app (PKCE %s)', (pkce) => {
  it('passes every publishing check, on local runs that returned leads', async () => {
    const handler = handlerOf(createApp({ pkce }));
    const definition = await definitionOf(handler);
    const runs = await runStepsOffline(
      handler,
      definition,
      new Map([['new_lead', sampleDelivery]]),
    );

    expect(runs.map((run) => [run.path, run.method, run.outcome.kind])).toEqual([
      ['triggers.new_lead', 'performList', 'items'],
      ['triggers.new_lead', 'perform', 'items'],
    ]);
    const results = checkApp({
      definition,
      listing: readListing(join(ROOT, 'listing.json')),
      runs,
      sources: readSources(ROOT),
    });
    expect(results.filter((result) => result.status !== 'pass')).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(32);
  });
});

describe('local runs', () => {
  const polling = (perform: unknown) => ({
    key: 'new_thing',
    noun: 'Thing',
    display: { label: 'New Thing', description: 'Triggers when a thing is added.' },
    operation: { perform, sample: { id: '1' } },
  });
  const appWith = (triggers: Record<string, unknown>) => ({
    version: '1.0.0',
    platformVersion: zapier.version,
    triggers,
  });
  const runsOf = async (app: object) => {
    const handler = handlerOf(app);
    return runStepsOffline(handler, await definitionOf(handler), new Map());
  };

  it('reports a run that needs the network as not run, and sends nothing', async () => {
    const app = appWith({
      new_thing: polling({ url: 'https://api.example.org/things' }),
    });
    const [run] = await runsOf(app);
    expect(run?.outcome).toEqual({
      kind: 'not run',
      reason: expect.stringMatching(
        /^it needs the network .*api\.example\.org/,
      ) as string,
    });
  });

  it("reports core's own output checks as a failed run", async () => {
    const app = appWith({ new_thing: polling(() => [{ name: 'no id' }]) });
    const [run] = await runsOf(app);
    expect(run?.outcome).toEqual({
      kind: 'failed',
      error: expect.stringMatching(/Invalid API Response.*id/) as string,
    });
  });

  it('reports a perform that throws as a failed run', async () => {
    const app = appWith({
      new_thing: polling(() => {
        throw new Error('the thing is broken');
      }),
    });
    const [run] = await runsOf(app);
    expect(run?.outcome).toEqual({ kind: 'failed', error: 'the thing is broken' });
  });

  describe('a run that lacked what a live run has (false-positive class 1)', () => {
    const withConnection = (app: object) => ({
      ...app,
      authentication: { type: 'custom', fields: [{ key: 'api_key' }], test: () => ({}) },
    });

    it.each([
      ['an input it checks itself', "'url' is required"],
      ['a choice the user makes', 'You must select a team'],
      ['a base URL from the connection', 'Only absolute URLs are supported'],
    ])(
      'defers a run stopped for want of %s, when the app has a connection',
      async (_what, message) => {
        const app = withConnection(
          appWith({
            new_thing: polling(() => {
              throw new Error(message);
            }),
          }),
        );
        const [run] = await runsOf(app);
        expect(run?.outcome).toEqual({
          kind: 'not run',
          reason: `it needs the user's connection, which a local run does not have (it stopped with: ${message})`,
        });
      },
    );

    it('names an error thrown without a message instead of quoting nothing', async () => {
      const app = withConnection(
        appWith({
          new_thing: polling(() => {
            throw new TypeError();
          }),
        }),
      );
      const [run] = await runsOf(app);
      expect(run?.outcome).toEqual({
        kind: 'not run',
        reason:
          "it needs the user's connection, which a local run does not have (it stopped with: TypeError without a message)",
      });
    });

    it('defers a crash on an unset required input', async () => {
      const trigger = polling(
        (_z: unknown, bundle: { inputData: { team: { id: string } } }) => [
          { id: bundle.inputData.team.id },
        ],
      );
      const app = appWith({
        new_thing: {
          ...trigger,
          operation: {
            ...trigger.operation,
            inputFields: [{ key: 'team', label: 'Team', required: true }],
          },
        },
      });
      const [run] = await runsOf(app);
      expect(run?.outcome).toEqual({
        kind: 'not run',
        reason: expect.stringMatching(
          /^it needs its required input, which a local run does not have \(it stopped with: Cannot read properties of undefined/,
        ) as string,
      });
    });

    it("still fails core's own output checks", async () => {
      const app = withConnection(
        appWith({ new_thing: polling(() => [{ name: 'no id' }]) }),
      );
      const [run] = await runsOf(app);
      expect(run?.outcome.kind).toBe('failed');
    });
  });

  it('records a visible search or create as not run: it needs input and the service', async () => {
    const app = {
      ...appWith({}),
      searches: {
        find_thing: {
          ...polling(() => [{ id: '1' }]),
          key: 'find_thing',
          display: { label: 'Find Thing', description: 'Finds a thing.' },
        },
      },
    };
    expect(await runsOf(app)).toEqual([
      {
        path: 'searches.find_thing',
        method: 'perform',
        outcome: {
          kind: 'not run',
          reason: "a search needs a user's input and the service",
        },
      },
    ]);
  });

  it('does not run a hook without a recorded delivery, and says how to give one', async () => {
    const app = appWith({
      new_hook: {
        ...polling(() => [{ id: '1' }]),
        key: 'new_hook',
        operation: {
          type: 'hook',
          perform: () => [{ id: '1' }],
          performList: () => [{ id: '1' }],
          sample: { id: '1' },
        },
      },
    });
    const runs = await runsOf(app);
    expect(runs.map((run) => [run.method, run.outcome])).toEqual([
      ['performList', { kind: 'items', items: [{ id: '1' }] }],
      [
        'perform',
        {
          kind: 'not run',
          reason: 'no recorded delivery: pass --delivery new_hook=<file.json>',
        },
      ],
    ]);
  });
});

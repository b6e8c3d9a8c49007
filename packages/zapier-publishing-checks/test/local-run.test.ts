/** src/read/local-run.ts: what a local run of a step gives, what the app logs during it, and why a run could not go on. */
import type { LambdaHandler } from '../src/read/lambda-handler';
import { runStepsOffline } from '../src/read/local-run';
import type { AppDefinition } from '../src/shared/definition';

const definition = {
  version: '1.0.0',
  platformVersion: '19.1.0',
  triggers: {
    new_row: {
      key: 'new_row',
      noun: 'Row',
      display: { label: 'New Row', description: 'Triggers when a row is added.' },
      operation: { perform: {} },
    },
  },
} as unknown as AppDefinition;

/** A handler that logs as core echoes an app's log, then answers `results` or throws. */
const handlerThat =
  (outcome: { results: unknown } | Error): LambdaHandler =>
  // eslint-disable-next-line @typescript-eslint/require-await -- the handler's contract is a promise
  async () => {
    // eslint-disable-next-line no-console -- what core does with z.console.log
    console.log('fetched 0 rows from the sheet');
    if (outcome instanceof Error) {
      throw outcome;
    }
    return outcome;
  };

// eslint-disable-next-line no-console -- the test's own stand-in is put back
const quiet = console.log;
let printed: jest.Mock;
beforeEach(() => {
  printed = jest.fn();
  // eslint-disable-next-line no-console -- what reaches the output, observed
  console.log = printed;
});
// eslint-disable-next-line no-console -- put back
afterEach(() => (console.log = quiet));

it("passes the app's log on as it comes, and keeps it from the run's outcome", async () => {
  const [run] = await runStepsOffline(
    handlerThat({ results: [{ id: 1 }] }),
    definition,
    new Map(),
  );
  expect(run?.outcome).toEqual({ kind: 'items', items: [{ id: 1 }] });
  expect(printed.mock.calls).toEqual([['fetched 0 rows from the sheet']]);
});

it('says what the app logged when its run failed', async () => {
  const [run] = await runStepsOffline(
    handlerThat(new Error('The sheet is gone')),
    definition,
    new Map(),
  );
  expect(run?.outcome).toEqual({
    kind: 'failed',
    error: 'The sheet is gone; it logged: fetched 0 rows from the sheet',
  });
});

it.each([
  [
    'the network',
    'request to https://api.example.com/people failed, reason: Nock: Disallowed net connect for "api.example.com:443/people"',
    /^it needs the network \(request to https:\/\/api\.example\.com/,
  ],
  [
    "a value of the user's connection, its address built without it",
    'request to https://undefined/api/v2/people failed, reason: Nock: Disallowed net connect for "undefined:443/api/v2/people"',
    /^it needs a value of the user's connection or input to build its address, which a local run does not have \(request to https:\/\/undefined\//,
  ],
  [
    'a value of the input, a path segment built without it',
    'request to https://api.example.com/boards/null/items failed, reason: Nock: Disallowed net connect for "api.example.com:443/boards/null/items"',
    /^it needs a value of the user's connection or input/,
  ],
])(
  'a run that reaches for the network is not run: it needs %s',
  async (_, message, reason) => {
    const [run] = await runStepsOffline(
      handlerThat(new Error(message)),
      definition,
      new Map(),
    );
    expect(run?.outcome.kind).toBe('not run');
    expect(run?.outcome.kind === 'not run' ? run.outcome.reason : '').toMatch(reason);
  },
);

describe('a definition with no visible trigger', () => {
  const noTrigger = {
    version: '1.0.0',
    platformVersion: '19.1.0',
    triggers: {
      row_list: {
        key: 'row_list',
        noun: 'Row',
        display: { label: 'Row List', description: 'Lists rows.', hidden: true },
        operation: { perform: {} },
      },
    },
    searches: {
      find_row: {
        key: 'find_row',
        noun: 'Row',
        display: { label: 'Find Row', description: 'Finds a row.' },
        operation: { perform: {} },
      },
    },
    creates: {
      add_row: {
        key: 'add_row',
        noun: 'Row',
        display: { label: 'Add Row', description: 'Adds a row.' },
        operation: { perform: {} },
      },
      hidden_row: {
        key: 'hidden_row',
        noun: 'Row',
        display: { label: 'Hidden Row', description: 'Adds a row.', hidden: true },
        operation: { perform: {} },
      },
    },
  } as unknown as AppDefinition;

  it('records each visible search and create as not run, runs nothing, and never loads nock', async () => {
    const handler = jest.fn<ReturnType<LambdaHandler>, Parameters<LambdaHandler>>();
    let runs: unknown;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('nock', () => {
        throw new Error('nock was loaded');
      });
      const isolated = await import('../src/read/local-run');
      runs = await isolated.runStepsOffline(handler, noTrigger, new Map());
    });
    expect(runs).toEqual([
      {
        path: 'searches.find_row',
        method: 'perform',
        outcome: {
          kind: 'not run',
          reason: "a search needs a user's input and the service",
        },
      },
      {
        path: 'creates.add_row',
        method: 'perform',
        outcome: {
          kind: 'not run',
          reason: "a create needs a user's input and the service",
        },
      },
    ]);
    expect(handler).not.toHaveBeenCalled();
  });

  it('records nothing for an app with no step', async () => {
    const empty = { version: '1.0.0', platformVersion: '19.1.0' } as AppDefinition;
    expect(await runStepsOffline(handlerThat({ results: [] }), empty, new Map())).toEqual(
      [],
    );
  });
});

/**
 * sandbox/http/storage-failure.ts on a full disk: each endpoint says so by name, in
 * its own shape, with Retry-After, and the log names the database; nothing
 * is half-saved, and everything works again once there is room.
 */
import {
  authorizeParams,
  bearer,
  get,
  postForm,
  presentRefreshToken,
  postJson,
} from '../../../harness/sandbox-client';
import type { Tokens } from '../../../harness/sandbox-client';
import { storageFailure } from '../../../sandbox/http/storage-failure';
import { capturedLog, redirectQuery, useSandbox } from '../helpers';

const log = capturedLog();
const fixture = useSandbox({ log: log.stream, listen: false });

beforeEach(() => {
  log.lines.length = 0;
});

/** Repeats `attempt` until it answers other than `ok`, at most `times` times; that answer. */
async function untilRefused(
  attempt: () => Promise<Response>,
  ok: number,
  times = 400,
): Promise<Response> {
  for (let tries = 0; tries < times; tries += 1) {
    const response = await attempt();
    if (response.status !== ok) {
      return response;
    }
    await response.body?.cancel();
  }
  throw new Error(`still answered ${ok} after ${times} tries on a full database`);
}

/** The database can grow no more, as on a full disk. */
function fillTheDisk(): void {
  const { store } = fixture.sandbox.context;
  store.limitPages(store.pageCount());
}

const FULL =
  "The sandbox's storage is full, so nothing was saved: try again once there is room";

describe('a full disk', () => {
  it('answers a submission 507 with {error}, and takes it again once there is room', async () => {
    fillTheDisk();
    const answer = await untilRefused(
      () =>
        postJson(fixture.sandbox, '/_sandbox/leads', {
          email: 'a@example.org',
          notes: 'x'.repeat(2000),
        }),
      201,
    );
    expect(answer.status).toBe(507);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(await answer.json()).toEqual({ error: FULL });
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'POST /_sandbox/leads failed: storage full: database or disk is full',
        database: ':memory:',
      }),
    );

    fixture.sandbox.context.store.limitPages(undefined);
    const again = await postJson(fixture.sandbox, '/_sandbox/leads', {
      email: 'a@example.org',
    });
    expect(again.status).toBe(201);
  });

  it('answers the token endpoint with RFC 6749 temporarily_unavailable', async () => {
    let tokens: Tokens = fixture.tokens;
    fillTheDisk();
    const answer = await untilRefused(async () => {
      const response = await postForm(fixture.sandbox, '/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: fixture.sandbox.client.id,
        client_secret: fixture.sandbox.client.secret,
      });
      if (response.status === 200) {
        tokens = (await response.clone().json()) as Tokens;
      }
      return response;
    }, 200);
    expect(answer.status).toBe(507);
    expect(await answer.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: FULL,
    });
    // Nothing half-done: the refresh token the failed refresh presented still works.
    fixture.sandbox.context.store.limitPages(undefined);
    expect(await presentRefreshToken(fixture.sandbox, tokens.refresh_token, false)).toBe(
      200,
    );
  });

  it('sends the authorization request back to the client with temporarily_unavailable and the state', async () => {
    fillTheDisk();
    const answer = await untilRefused(
      () =>
        get(
          fixture.sandbox,
          `/oauth/authorize?${authorizeParams(fixture.sandbox).toString()}`,
        ),
      200,
    );
    expect(redirectQuery(answer)).toEqual({
      error: 'temporarily_unavailable',
      error_description: FULL,
      state: 'state-123',
    });
  });

  it('answers the API (a webhook created) 507 with {error}', async () => {
    fillTheDisk();
    const answer = await untilRefused(
      () =>
        postJson(
          fixture.sandbox,
          '/api/webhook',
          {
            url: `https://hooks.example.org/${'x'.repeat(500)}`,
            triggers: ['lead.created'],
          },
          bearer(fixture.tokens),
        ),
      201,
    );
    expect(answer.status).toBe(507);
    expect(await answer.json()).toEqual({ error: FULL });
  });
});

describe('what each storage failure means', () => {
  it.each([
    [5, 503, 'temporarily_unavailable', 1],
    [13, 507, 'temporarily_unavailable', 60],
    [10, 503, 'server_error', 30],
    [10 + 3 * 256, 503, 'server_error', 30], // an extended I/O code: SQLITE_IOERR_WRITE
    [8, 503, 'server_error', 30],
    [14, 503, 'server_error', 30],
  ])(
    'SQLite code %i: HTTP %i, %s, Retry-After %i',
    (errcode, status, oauthCode, retryAfter) => {
      expect(storageFailure(Object.assign(new Error('x'), { errcode }))).toMatchObject({
        status,
        oauthCode,
        retryAfterSeconds: retryAfter,
      });
    },
  );

  it('leaves every other error to the usual answers', () => {
    expect(
      storageFailure(Object.assign(new Error('x'), { errcode: 19 })),
    ).toBeUndefined();
    expect(storageFailure(new Error('x'))).toBeUndefined();
  });
});

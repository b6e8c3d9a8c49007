/** src/errors.ts as the app's afterResponse: a failed answer becomes a sentence a person can act on. */
import { TEST_ENV, api, appRequest, failureOf, shownMessage } from './helpers';

describe('a failed answer to a request the app does not name', () => {
  it('is described generically, with the status and what the service said', async () => {
    api().get('/anything').reply(409, { error: 'Conflict' });
    const error = await failureOf(appRequest(`${TEST_ENV.BASE_URL}/anything`));
    expect(shownMessage(error)).toBe(
      'The landing-page service returned an error while talking to the landing-page service ' +
        '(HTTP 409). The service said: "Conflict".',
    );
  });

  it('quotes a long service message only in part, and ignores a body that is not an object', async () => {
    api()
      .get('/long')
      .reply(400, { error: 'x'.repeat(500) });
    api().get('/array').reply(400, ['error']);
    const long = await failureOf(appRequest(`${TEST_ENV.BASE_URL}/long`));
    const array = await failureOf(appRequest(`${TEST_ENV.BASE_URL}/array`));
    expect(shownMessage(long)).toContain(`"${'x'.repeat(300)}…"`);
    expect(shownMessage(array)).toMatch(/\(HTTP 400\) and sent no explanation/);
  });
});

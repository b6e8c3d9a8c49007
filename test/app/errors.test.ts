/** src/errors.ts as the app's afterResponse: a failed answer becomes a sentence a person can act on. */
import { errorExplanation } from '../../src/errors';
import { TEST_ENV, api, appRequest, failureOf, shownMessage } from './helpers';

describe('a failed answer to a request the app does not name', () => {
  it('is described generically, with the status and what the service said', async () => {
    api().get('/anything').reply(422, { error: 'Unprocessable' });
    const error = await failureOf(appRequest(`${TEST_ENV.BASE_URL}/anything`));
    expect(shownMessage(error)).toBe(
      'The landing-page service returned an error while talking to the landing-page service ' +
        '(HTTP 422). The service said: "Unprocessable".',
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

describe('both shapes of error body', () => {
  it.each([
    ['the spec’s sentence in error', { error: 'Unknown webhook' }, 'Unknown webhook'],
    [
      'an OAuth code with error_description',
      { error: 'invalid_request', error_description: 'url must be an http or https URL' },
      'url must be an http or https URL',
    ],
    [
      'an OAuth code alone',
      { error: 'insufficient_scope' },
      'the connection lacks a permission this step needs',
    ],
  ])('quotes %s', async (_shape, body, said) => {
    api().get('/shaped').reply(400, body);
    const error = await failureOf(appRequest(`${TEST_ENV.BASE_URL}/shaped`));
    expect(shownMessage(error)).toBe(
      'The landing-page service returned an error while talking to the landing-page service ' +
        `(HTTP 400). The service said: "${said}".`,
    );
  });

  it.each([
    [
      'a code and a description',
      'invalid_grant',
      'the code has expired',
      'the code has expired',
    ],
    [
      'a code before the sentence',
      'invalid_grant: the code has expired',
      undefined,
      'the code has expired',
    ],
    [
      'a sentence and a description',
      'Bad token',
      'it was revoked',
      'Bad token: it was revoked',
    ],
    ['an unknown code alone', 'quota_exceeded', undefined, 'quota_exceeded'],
    [
      'a known code alone',
      'invalid_client',
      '',
      'the integration’s OAuth client was not recognised',
    ],
    ['nothing readable', 42, null, undefined],
    ['a description alone', undefined, 'the code has expired', 'the code has expired'],
  ])('reads %s', (_what, error, description, expected) => {
    expect(errorExplanation(error, description)).toBe(expected);
  });
});

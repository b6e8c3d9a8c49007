/**
 * Response schemas the routes share. Objects built from the store keep any
 * field the schema does not list (`additionalProperties: true`): a response
 * schema documents an answer and never silently drops part of it.
 */

/** The spec's Error object (service-interface.md#errors), with RFC 6749 §5.2's `error_description` where one is sent. */
export const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
  },
  additionalProperties: false,
} as const;

/** Every error of a JSON route. */
export const ERROR_RESPONSES = { '4xx': ERROR_BODY, '5xx': ERROR_BODY } as const;

/** An HTML page (Content-Type text/html), sent as it is. */
export const HTML_PAGE = { type: 'string', description: 'an HTML page' } as const;

/** Every error of a route a browser opens: an error page. */
export const HTML_ERROR_RESPONSES = { '4xx': HTML_PAGE, '5xx': HTML_PAGE } as const;

/** A redirect: no body, the address is in Location. */
export const REDIRECT = {
  type: 'null',
  description: 'a redirect; see Location',
} as const;

/**
 * An answer other than 2xx, thrown by a route or a hook and answered by the
 * error handler of the plugin it belongs to (JSON, an HTML page, or, on the
 * OAuth endpoints, `oauth/errors.ts`'s own family).
 */
export interface HttpErrorOptions {
  /** Headers the answer carries, e.g. `WWW-Authenticate`. */
  headers?: Record<string, string>;
  /** The heading of the error page, where a browser asked. */
  title?: string;
}

export class HttpError extends Error {
  readonly headers: Record<string, string>;
  readonly title: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.headers = options.headers ?? {};
    this.title = options.title;
  }
}

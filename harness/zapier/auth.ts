/**
 * The connection's tokens as Zapier keeps them: every call carries the
 * current ones; a `RefreshAuthError` (the app's answer to a 401) makes it
 * refresh once and retry, keeping the rotated refresh token.
 */
import type { BundleAuthData, BuiltApp } from './built-app';

function isRefreshAuthError(error: unknown): boolean {
  // Duck-typed: the built app's core may live in another realm (jest).
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    error.name === 'RefreshAuthError'
  );
}

export interface Rotation {
  before: BundleAuthData;
  after: BundleAuthData;
}

export class ZapierAuth {
  private tokens: BundleAuthData;
  private expiresAt: number;
  /** Every token the connection held, oldest first: for checks, never for printing. */
  readonly issued: string[] = [];

  /**
   * @param tokens what the code exchange gave
   * @param lifetimeSeconds how long the service's access tokens live
   * @param onAutoRefresh called when a call had to refresh first
   */
  constructor(
    private readonly app: BuiltApp,
    tokens: BundleAuthData,
    private readonly lifetimeSeconds: number,
    private readonly onAutoRefresh: () => void,
  ) {
    this.tokens = tokens;
    this.expiresAt = this.expiryFromNow();
    this.issued.push(tokens.access_token, tokens.refresh_token);
  }

  get current(): BundleAuthData {
    return this.tokens;
  }

  /** Milliseconds until the current access token expires (0 when it has). */
  msUntilExpiry(): number {
    return Math.max(0, this.expiresAt - Date.now());
  }

  /** Refreshes through the app, as Zapier does, and keeps the new tokens. */
  async refresh(): Promise<Rotation> {
    const before = this.tokens;
    const after = await this.app.refresh(before);
    this.tokens = after;
    this.expiresAt = this.expiryFromNow();
    this.issued.push(after.access_token, after.refresh_token);
    return { before, after };
  }

  /**
   * `runs` Zap runs refreshing at the same moment with the same tokens, as
   * Zapier's parallel runs do: every answer, and the last one kept.
   */
  async refreshAtOnce(runs: number): Promise<BundleAuthData[]> {
    const before = this.tokens;
    const answers = await Promise.all(
      Array.from({ length: runs }, () => this.app.refresh(before)),
    );
    this.tokens = answers[answers.length - 1]!;
    this.expiresAt = this.expiryFromNow();
    for (const answer of answers) {
      this.issued.push(answer.access_token, answer.refresh_token);
    }
    return answers;
  }

  /** Runs `call` with the current tokens; on RefreshAuthError, refreshes once and retries. */
  async withRefresh<T>(call: (authData: BundleAuthData) => Promise<T>): Promise<T> {
    try {
      return await call(this.tokens);
    } catch (error) {
      if (!isRefreshAuthError(error)) {
        throw error;
      }
      await this.refresh();
      this.onAutoRefresh();
      return call(this.tokens);
    }
  }

  /** Whether `call` with the current tokens is refused with RefreshAuthError. */
  async isRefused(
    call: (authData: BundleAuthData) => Promise<unknown>,
  ): Promise<boolean> {
    try {
      await call(this.tokens);
      return false;
    } catch (error) {
      if (isRefreshAuthError(error)) {
        return true;
      }
      throw error;
    }
  }

  private expiryFromNow(): number {
    return Date.now() + this.lifetimeSeconds * 1000;
  }
}

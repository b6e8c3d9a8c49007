/**
 * The consent step of OAuth as a browser does it: open the authorize URL,
 * click Approve, follow nothing, read the redirect. PKCE's verifier and
 * challenge are made here as a client makes them (RFC 7636), independently of
 * the sandbox's own check. Shared by `npm start` and the tests.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  /** `code_challenge` for `code_challenge_method=S256`. */
  challenge: string;
}

export function pkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  };
}

/** The consent id the page carries in its form, as a browser would send it. */
export function consentIdOf(html: string): string {
  const match = /name="consent_id" value="([^"]*)"/.exec(html);
  if (!match?.[1]) {
    throw new Error('the consent page has no consent_id field');
  }
  return match[1];
}

export interface ConsentAnswer {
  /** The status of the answer to the decision (302 when the sandbox sends the user back). */
  status: number;
  /** Where the browser is sent: the client's redirect URI, with a code or an error. */
  location: URL | undefined;
  /** The consent page as it was shown. */
  consentPage: string;
}

/**
 * Opens the consent page of `authorizeUrl` and clicks a button, as a browser
 * does; follows nothing. `send`: how requests reach the sandbox (`fetch`).
 */
export async function answerConsent(
  authorizeUrl: URL,
  decision: 'approve' | 'deny' = 'approve',
  send: typeof fetch = fetch,
): Promise<ConsentAnswer> {
  const page = await send(authorizeUrl, { redirect: 'manual' });
  const consentPage = await page.text();
  if (page.status !== 200) {
    throw new Error(`the consent page did not open (HTTP ${page.status})`);
  }
  const answer = await send(new URL('/oauth/authorize', authorizeUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent_id: consentIdOf(consentPage), decision }),
    redirect: 'manual',
  });
  await answer.body?.cancel();
  const location = answer.headers.get('location');
  return {
    status: answer.status,
    location: location === null ? undefined : new URL(location, authorizeUrl),
    consentPage,
  };
}

export interface ApprovedConsent {
  code: string;
  /** The consent page as it was shown. */
  consentPage: string;
}

/**
 * Opens the consent page of `authorizeUrl`, clicks Approve, and checks the
 * redirect: to `redirectUri`, with the authorize URL's `state` and a code.
 * Errors never carry the code.
 */
export async function clickApprove(
  authorizeUrl: URL,
  redirectUri: string,
  send: typeof fetch = fetch,
): Promise<ApprovedConsent> {
  const { status, location, consentPage } = await answerConsent(
    authorizeUrl,
    'approve',
    send,
  );
  if (
    status !== 302 ||
    location === undefined ||
    !location.href.startsWith(redirectUri)
  ) {
    throw new Error(`Approve did not redirect to ${redirectUri} (HTTP ${status})`);
  }
  if (location.searchParams.get('state') !== authorizeUrl.searchParams.get('state')) {
    throw new Error('the redirect carried another state than the one sent');
  }
  const code = location.searchParams.get('code');
  if (!code) {
    throw new Error('the redirect carried no code');
  }
  return { code, consentPage };
}

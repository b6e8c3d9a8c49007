/** Which webhook URLs can be delivered to: refused at creation, not after five failed attempts. */

/**
 * Ports fetch never connects to (the Fetch standard's "bad port" list,
 * https://fetch.spec.whatwg.org/#bad-port).
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95,
  101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
  179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563,
  587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * The webhook URL as it will be stored and called (parsed and normalised:
 * no stray spaces, a path), or what makes it unusable.
 */
export function checkWebhookUrl(value: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'url must be an absolute http or https URL' };
  }
  const problem = problemWith(url);
  return problem === undefined ? { url: url.href } : { problem };
}

function problemWith(url: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'url must be an http or https URL';
  }
  if (url.username !== '' || url.password !== '') {
    return 'url must not carry credentials (user:password@): fetch refuses them';
  }
  if (url.port === '0') {
    return 'url uses port 0, which nothing can be reached on';
  }
  if (url.port !== '' && BAD_PORTS.has(Number(url.port))) {
    return `url uses port ${url.port}, which fetch refuses to connect to`;
  }
  return undefined;
}

/** The value of a hidden form field of a page, as a browser would send it. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) {
    throw new Error(`the page has no ${name} field`);
  }
  return match[1];
}

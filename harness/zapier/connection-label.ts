/** Fills a connection label template (`{{connection_label}}`) from the test's result, as Zapier does. */
export function renderConnectionLabel(
  template: string,
  testResult: Record<string, unknown>,
): string {
  return template.replace(/{{\s*([\w.]+)\s*}}/g, (_match, path: string) => {
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        testResult,
      );
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

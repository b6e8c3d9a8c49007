/** The frame every page of the sandbox shares, and the escaping every value on a page goes through. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Landing-page sandbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  h1 { font-size: 1.4rem; }
  .card { border: 1px solid #d7dbe3; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; }
  button { font: inherit; padding: .5rem 1.2rem; border-radius: 6px; border: 1px solid #8a93a6; background: #fff; cursor: pointer; }
  button.primary { background: #3451d1; border-color: #3451d1; color: #fff; }
  label { display: block; margin: .5rem 0 .2rem; }
  input, select, textarea { font: inherit; width: 100%; box-sizing: border-box; padding: .35rem; }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; }
  td, th { border-bottom: 1px solid #e3e6ec; padding: .25rem .4rem; text-align: left; }
  .muted { color: #667085; font-size: .9rem; }
  .error { color: #b42318; }
</style>
</head>
<body>
${body}
<p class="muted">Landing-page service sandbox: a local stand-in for development and tests.</p>
</body>
</html>`;
}

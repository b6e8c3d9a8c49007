/** The page a browser sees when the sandbox cannot answer what it opened. */
import { escapeHtml, layout } from './layout';

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1 class="error">${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(message)}</p></div>`,
  );
}

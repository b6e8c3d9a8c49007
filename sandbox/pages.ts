/** The few HTML pages the sandbox shows a person. Every value is escaped. */
import { SCOPE_DESCRIPTIONS } from './oauth/scopes';
import type { DeliveryAttempt, OAuthClient, Page, Project, User, Webhook } from './store';

export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string): string {
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

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1 class="error">${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(message)}</p></div>`,
  );
}

export interface ConsentView {
  consentId: string;
  client: OAuthClient;
  user: User;
  project: Project;
  scopes: string[];
  otherUsers: { user: User; switchUrl: string }[];
}

export function consentPage(view: ConsentView): string {
  const scopes = view.scopes
    .map(
      (scope) =>
        `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)} <span class="muted">(${escapeHtml(scope)})</span></li>`,
    )
    .join('');
  const switchUser = view.otherUsers
    .map(
      ({ user, switchUrl }) =>
        `<a href="${escapeHtml(switchUrl)}">${escapeHtml(user.email)}</a>`,
    )
    .join(', ');
  return layout(
    `Connect ${view.client.name}`,
    `<h1>${escapeHtml(view.client.name)} wants to access <span id="project">${escapeHtml(view.project.name)}</span></h1>
<div class="card">
  <p>Signed in as <strong id="user">${escapeHtml(`${view.user.firstName} ${view.user.lastName}`)}</strong>
  (${escapeHtml(view.user.email)})${switchUser ? ` · <span class="muted">sandbox: switch to ${switchUser}</span>` : ''}</p>
  <p>${escapeHtml(view.client.name)} will be able to:</p>
  <ul id="scopes">${scopes}</ul>
  <form method="post" action="/oauth/authorize">
    <input type="hidden" name="consent_id" value="${escapeHtml(view.consentId)}">
    <button class="primary" type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="deny">Deny</button>
  </form>
</div>`,
  );
}

export interface HomeView {
  projects: Project[];
  pages: Page[];
  webhooks: Webhook[];
  leadCount: number;
  /** The latest delivery attempts. */
  attempts: DeliveryAttempt[];
  submittedLeadId?: string;
}

export function homePage(view: HomeView): string {
  const options = view.projects
    .map((project) => {
      const pages = view.pages
        .filter((page) => page.projectId === project.id)
        .map(
          (page) =>
            `<option value="${escapeHtml(page.id)}">${escapeHtml(page.name)}</option>`,
        )
        .join('');
      return `<optgroup label="${escapeHtml(`${project.name} (${project.plan})`)}">${pages}</optgroup>`;
    })
    .join('');
  const webhooks = view.webhooks
    .map(
      (webhook) =>
        `<tr><td>${escapeHtml(webhook.id)}</td><td>${escapeHtml(webhook.projectId)}</td><td>${escapeHtml(webhook.url)}</td></tr>`,
    )
    .join('');
  const attempts = view.attempts
    .map(
      (attempt) =>
        `<tr><td>${escapeHtml(attempt.leadId)}</td><td>${escapeHtml(attempt.url)}</td><td>${attempt.attempt}</td><td>${escapeHtml(attempt.statusCode ?? attempt.error ?? '')}</td><td>${escapeHtml(attempt.outcome)}</td></tr>`,
    )
    .join('');
  const submitted = view.submittedLeadId
    ? `<p id="submitted">Lead <strong>${escapeHtml(view.submittedLeadId)}</strong> submitted: it is delivered to every webhook of its project.</p>`
    : '';
  return layout(
    'Submit a lead',
    `<h1>Submit a lead</h1>
${submitted}
<form class="card" method="post" action="/_sandbox/leads">
  <label for="page_id">Landing page</label><select id="page_id" name="page_id">${options}</select>
  <label for="email">Email</label><input id="email" name="email" type="email" required value="ada.lovelace@example.org">
  <label for="firstName">First name</label><input id="firstName" name="firstName" value="Ada">
  <label for="lastName">Last name</label><input id="lastName" name="lastName" value="Lovelace">
  <label for="phone">Phone</label><input id="phone" name="phone" value="+44 20 7946 0958">
  <label for="company">Company</label><input id="company" name="company" value="Analytical Engines Ltd">
  <label for="message">Message</label><textarea id="message" name="message">Please send me the early-access details.</textarea>
  <p><button class="primary" type="submit">Submit lead</button></p>
</form>
<h2>Webhooks</h2>
<table><tr><th>id</th><th>project</th><th>url</th></tr>${webhooks || '<tr><td colspan="3" class="muted">none</td></tr>'}</table>
<h2>Deliveries</h2>
<table><tr><th>lead</th><th>url</th><th>attempt</th><th>answer</th><th>outcome</th></tr>${attempts || '<tr><td colspan="5" class="muted">none yet</td></tr>'}</table>
<p class="muted">${view.leadCount} lead(s) so far.</p>`,
  );
}

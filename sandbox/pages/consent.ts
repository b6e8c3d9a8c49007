/** The consent page: who asks, for which project, to do what; Approve or Deny. */
import type { RegisteredClient, Project, User } from '../store';
import { escapeHtml, layout } from './layout';

export interface ConsentView {
  consentId: string;
  client: RegisteredClient;
  user: User;
  project: Project;
  /** Each scope asked for, and what it lets the client do, in words. */
  scopes: { scope: string; description: string }[];
  otherUsers: { user: User; switchUrl: string }[];
}

export function consentPage(view: ConsentView): string {
  const scopes = view.scopes
    .map(
      ({ scope, description }) =>
        `<li>${escapeHtml(description)} <span class="muted">(${escapeHtml(scope)})</span></li>`,
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

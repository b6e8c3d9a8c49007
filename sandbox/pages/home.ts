/** The lead page (`/_sandbox`): submit a lead, see the webhooks and the latest deliveries. */
import type { DeliveryAttempt, Page, Project, Webhook } from '../store';
import { escapeHtml, layout } from './layout';

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

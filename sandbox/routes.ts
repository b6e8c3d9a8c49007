/**
 * The webhook API (§4.1, §4.2, §7) under the API base, and the sandbox's own
 * routes under `/_sandbox`: submitting leads and looking at what happened.
 */
import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from './http';
import { HttpError, bearerToken, field, requireScope, sendHtml } from './http';
import { homePage } from './pages';
import { randomId } from './store';
import type { Lead } from './store';

export const API_PREFIX = '/api';
const TRIGGERS = ['lead.created'];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function registerWebhookRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): void {
  app.post(`${API_PREFIX}/webhook`, (request, reply) => {
    const token = bearerToken(context, request);
    // The spec leaves the scope open (§5.7); the sandbox asks for leads.read.
    requireScope(token, 'leads.read');
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'Send a JSON object {url, triggers}');
    }
    const { url, triggers } = body as Record<string, unknown>;
    if (typeof url !== 'string' || !isHttpUrl(url)) {
      throw new HttpError(400, 'url must be an http or https URL');
    }
    if (
      !Array.isArray(triggers) ||
      triggers.length === 0 ||
      !triggers.every(
        (trigger) => typeof trigger === 'string' && TRIGGERS.includes(trigger),
      )
    ) {
      throw new HttpError(
        400,
        `triggers must be a non-empty list of: ${TRIGGERS.join(', ')}`,
      );
    }
    const user = context.store.user(token.userId)!;
    const id = randomId('wh');
    context.store.addWebhook({
      id,
      projectId: user.projectId,
      clientId: token.clientId,
      url,
      triggers: [...new Set(triggers as string[])],
      createdAt: new Date(context.now()).toISOString(),
    });
    return reply.status(201).send({ id });
  });

  app.delete<{ Params: { id: string } }>(`${API_PREFIX}/webhook/:id`, (request) => {
    const token = bearerToken(context, request);
    const user = context.store.user(token.userId)!;
    const webhook = context.store
      .webhooks(user.projectId)
      .find((candidate) => candidate.id === request.params.id);
    if (webhook === undefined) {
      throw new HttpError(404, `No webhook ${request.params.id} in this project`);
    }
    context.store.deleteWebhook(webhook.id);
    return { success: true };
  });
}

/** `fields[company]=Acme` from a form becomes `{fields: {company: "Acme"}}`. */
function nestFormKeys(body: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (match) {
      const [, parent, child] = match as unknown as [string, string, string];
      const group = (nested[parent] ??= {}) as Record<string, unknown>;
      group[child] = value;
    } else {
      nested[key] = value;
    }
  }
  return nested;
}

export function registerSandboxRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): void {
  const { store } = context;

  app.get('/_sandbox', (request, reply) =>
    sendHtml(
      reply,
      200,
      homePage({
        projects: store.projects(),
        pages: store.pages(),
        webhooks: store.webhooks(),
        leads: store.leads(),
        attempts: store.attempts(),
        submittedLeadId: field(request.query, 'lead'),
      }),
    ),
  );

  /** Submit a lead: JSON (tools, tests) or a form (the page). */
  app.post('/_sandbox/leads', (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'Send the lead as a JSON object or form fields');
    }
    const {
      project_id: projectId,
      page_id: pageId,
      ...fields
    } = nestFormKeys(body as Record<string, unknown>);
    const chosenPage = typeof pageId === 'string' ? store.page(pageId) : undefined;
    if (pageId !== undefined && chosenPage === undefined) {
      throw new HttpError(
        400,
        `Unknown page_id ${typeof pageId === 'string' ? pageId : JSON.stringify(pageId)}`,
      );
    }
    const project = store.project(
      typeof projectId === 'string'
        ? projectId
        : (chosenPage?.projectId ?? store.projects()[0]!.id),
    );
    if (project === undefined) {
      throw new HttpError(400, `Unknown project_id ${String(projectId)}`);
    }
    const page = chosenPage ?? store.pages(project.id)[0];
    if (page === undefined || page.projectId !== project.id) {
      throw new HttpError(400, `Page ${String(pageId)} is not a page of ${project.name}`);
    }
    if (typeof fields.email !== 'string' || !fields.email.includes('@')) {
      throw new HttpError(400, 'A lead needs an email address');
    }
    const lead: Lead = {
      id: randomId('lead'),
      projectId: project.id,
      // The sandbox's own values win over submitted fields of the same name.
      data: { ...fields, page: { id: page.id, name: page.name, url: page.url } },
      createdAt: new Date(context.now()).toISOString(),
    };
    store.addLead(lead);
    const deliveries = context.deliverer.deliver(lead, project);
    if (request.headers['content-type']?.startsWith('application/json')) {
      return reply.status(201).send({ lead, deliveries });
    }
    return reply.redirect(`/_sandbox?lead=${encodeURIComponent(lead.id)}`, 303);
  });

  app.get('/_sandbox/leads', () => store.leads());
  app.get('/_sandbox/webhooks', () => store.webhooks());
  app.get('/_sandbox/deliveries', (request) =>
    store.attempts({ leadId: field(request.query, 'lead_id') }),
  );
}

/**
 * The sandbox's own routes under `/_sandbox` (no login, loopback only):
 * submitting leads, and looking at what happened.
 */
import type { FastifyInstance } from 'fastify';

import { HttpError } from '../errors';
import { sendHtml } from '../html';
import { homePage } from '../pages';
import { stringFields } from '../schema';
import { randomId } from '../store';
import type { Lead } from '../store';

/** Fields the sandbox sets itself: a submitted value of that name is dropped. */
const SERVER_OWNED = ['id', 'page', 'createdAt'];

const LEAD_BODY = {
  type: 'object',
  required: ['email'],
  properties: {
    project_id: { type: 'string', maxLength: 200 },
    page_id: { type: 'string', maxLength: 200 },
    email: { type: 'string', maxLength: 320 },
  },
} as const;
type LeadBody = { project_id?: string; page_id?: string; email: string } & Record<
  string,
  unknown
>;

export function leadRoutes(app: FastifyInstance): void {
  const { store, deliverer, now } = app.sandbox;

  app.get<{ Querystring: { lead?: string } }>(
    '/_sandbox',
    { schema: { querystring: stringFields(['lead']) }, config: { answersHtml: true } },
    (request, reply) =>
      sendHtml(
        reply,
        200,
        homePage({
          projects: store.accounts.projects(),
          pages: store.accounts.pages(),
          webhooks: store.webhooks.list(),
          leads: store.leads.list(),
          attempts: store.leads.attempts(),
          submittedLeadId: request.query.lead,
        }),
      ),
  );

  /** Submit a lead: JSON (tools, tests) or a form (the page). */
  app.post<{ Body: LeadBody }>(
    '/_sandbox/leads',
    { schema: { body: LEAD_BODY } },
    (request, reply) => {
      const { project_id: projectId, page_id: pageId, ...submitted } = request.body;
      if (!submitted.email.includes('@')) {
        throw new HttpError(400, 'email must be an email address');
      }
      const chosenPage = pageId === undefined ? undefined : store.accounts.page(pageId);
      if (pageId !== undefined && chosenPage === undefined) {
        throw new HttpError(400, `Unknown page_id ${pageId}`);
      }
      const project = store.accounts.project(
        projectId ?? chosenPage?.projectId ?? store.accounts.projects()[0]!.id,
      );
      if (project === undefined) {
        throw new HttpError(400, `Unknown project_id ${projectId}`);
      }
      const page = chosenPage ?? store.accounts.pages(project.id)[0];
      if (page === undefined || page.projectId !== project.id) {
        throw new HttpError(400, `Page ${pageId} is not a page of ${project.name}`);
      }
      const fields = Object.fromEntries(
        Object.entries(submitted).filter(([name]) => !SERVER_OWNED.includes(name)),
      );
      const lead: Lead = {
        id: randomId('lead'),
        projectId: project.id,
        data: { ...fields, page: { id: page.id, name: page.name, url: page.url } },
        createdAt: new Date(now()).toISOString(),
      };
      const deliveries = deliverer.submit(lead, project);
      if (request.headers['content-type']?.startsWith('application/json')) {
        return reply.status(201).send({ lead, deliveries });
      }
      return reply.redirect(`/_sandbox?lead=${encodeURIComponent(lead.id)}`, 303);
    },
  );

  app.get('/_sandbox/leads', () => store.leads.list());
  app.get('/_sandbox/webhooks', () => store.webhooks.list());
  app.get<{ Querystring: { lead_id?: string } }>(
    '/_sandbox/deliveries',
    { schema: { querystring: stringFields(['lead_id']) } },
    (request) => store.leads.attempts({ leadId: request.query.lead_id }),
  );
}

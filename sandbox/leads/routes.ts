/**
 * `POST /_sandbox/leads` (no login, as on a public landing page): a lead
 * submitted on one of a project's pages, stored and delivered to every
 * webhook of the project.
 */
import type { FastifyPluginCallback } from 'fastify';

import { HttpError } from '../http/errors';
import { randomId } from '../random-id';
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

export const leadRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { store, deliverer, now } = app.sandbox;
  /** Submit a lead: JSON (tools, tests) or a form (the page). */
  app.post<{ Body: LeadBody }>(
    '/leads',
    { schema: { body: LEAD_BODY } },
    (request, reply) => {
      const { project_id: projectId, page_id: pageId, ...submitted } = request.body;
      if (!/^[^@\s]+@[^@\s]+$/.test(submitted.email)) {
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
      if (/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        return reply.status(201).send({ lead, deliveries });
      }
      return reply.redirect(`/_sandbox?lead=${encodeURIComponent(lead.id)}`, 303);
    },
  );
  done();
};

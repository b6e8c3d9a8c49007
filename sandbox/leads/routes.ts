/**
 * `POST /_sandbox/leads` (no login, as on a public landing page): a lead
 * submitted on one of a project's pages, stored and delivered to every
 * webhook of the project.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

import { HttpError } from '../http/http-error';
import { ERROR_RESPONSES, REDIRECT } from '../http/response-schemas';
import { randomId } from '../random-id';
import type { StoredLead } from '../store';

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

/** The lead as stored, and the ids of the deliveries it starts (one per webhook of its project). */
const SUBMITTED = {
  type: 'object',
  required: ['lead', 'deliveries'],
  properties: {
    lead: {
      type: 'object',
      required: ['id', 'projectId', 'data', 'createdAt'],
      properties: {
        id: { type: 'string' },
        projectId: { type: 'string' },
        data: { type: 'object', additionalProperties: true },
        createdAt: { type: 'string' },
      },
      additionalProperties: true,
    },
    deliveries: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: true,
} as const;

export const leadRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { store, deliverer, now } = app.sandbox;
  /** Submit a lead: JSON (tools, tests) or a form (the page). */
  app.post(
    '/leads',
    {
      schema: {
        body: LEAD_BODY,
        response: { 201: SUBMITTED, 303: REDIRECT, ...ERROR_RESPONSES },
      },
    },
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
      const lead: StoredLead = {
        id: randomId('lead'),
        projectId: project.id,
        data: { ...fields, page: { id: page.id, name: page.name, url: page.url } },
        createdAt: new Date(now()).toISOString(),
      };
      const deliveries = deliverer.submit(lead, project);
      if (/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        reply.status(201);
        return { lead: { ...lead }, deliveries };
      }
      void reply.redirect(`/_sandbox?lead=${encodeURIComponent(lead.id)}`, 303);
      return;
    },
  );
};

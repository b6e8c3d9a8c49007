/**
 * The sandbox's own routes under `/_sandbox` (no login, loopback only):
 * submitting leads, and looking at what happened.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from '../errors';
import { sendHtml } from '../html';
import { homePage } from '../pages';
import { stringFields } from '../schema';
import { randomId } from '../store';
import type { Lead, ListPage } from '../store';

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

/** At most this many leads per answer: a lead can be up to 1 MiB. */
const LEADS_PER_PAGE = 50;
/** At most this many delivery attempts per answer. */
const ATTEMPTS_PER_PAGE = 1000;
/** The deliveries the home page shows. */
const LATEST_ATTEMPTS = 20;

const WHOLE_NUMBER = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    limit: WHOLE_NUMBER,
    offset: WHOLE_NUMBER,
    lead_id: { type: 'string', maxLength: 200 },
  },
} as const;
type PageQuery = { limit?: string; offset?: string; lead_id?: string };

function pageOf(query: PageQuery, maxLimit: number): ListPage {
  const limit = query.limit === undefined ? maxLimit : Number(query.limit);
  if (limit < 1 || limit > maxLimit) {
    throw new HttpError(400, `limit must be from 1 to ${maxLimit}`);
  }
  return { limit, offset: Number(query.offset ?? 0) };
}

/**
 * Answers one page of a listing: the items, `X-Total-Count`, and a `Link`
 * to the next page while there is one.
 */
function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ListPage,
  items: T[],
  total: number,
): FastifyReply {
  reply.header('X-Total-Count', String(total));
  if (page.offset + items.length < total) {
    const next = new URL(request.url, 'http://sandbox');
    next.searchParams.set('limit', String(page.limit));
    next.searchParams.set('offset', String(page.offset + items.length));
    reply.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return reply.send(items);
}

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
          leadCount: store.leads.count(),
          attempts: store.leads.latestAttempts(LATEST_ATTEMPTS),
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
      if (/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        return reply.status(201).send({ lead, deliveries });
      }
      return reply.redirect(`/_sandbox?lead=${encodeURIComponent(lead.id)}`, 303);
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/_sandbox/leads',
    { schema: { querystring: PAGE_QUERY } },
    (request, reply) => {
      const page = pageOf(request.query, LEADS_PER_PAGE);
      return sendPage(request, reply, page, store.leads.list(page), store.leads.count());
    },
  );
  app.get('/_sandbox/webhooks', () => store.webhooks.list());
  app.get<{ Querystring: PageQuery }>(
    '/_sandbox/deliveries',
    { schema: { querystring: PAGE_QUERY } },
    (request, reply) => {
      const page = pageOf(request.query, ATTEMPTS_PER_PAGE);
      const filter = { leadId: request.query.lead_id };
      return sendPage(
        request,
        reply,
        page,
        store.leads.attempts(filter, page),
        store.leads.attemptCount(filter),
      );
    },
  );
}

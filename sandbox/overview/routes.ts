/**
 * What the sandbox holds, for a person and for tests: the lead page
 * (`/_sandbox`: a form, the webhooks, the latest deliveries) and the
 * listings as JSON, leads and delivery attempts a page at a time.
 */
import type { FastifyPluginCallback } from 'fastify';

import { sendHtml } from '../http/html';
import { homePage } from '../pages/home';
import { pagedQuery, pageOf, sendPage } from '../http/paging';
import type { PageQuery } from '../http/paging';
import { stringFields } from '../http/schema';

/** At most this many leads per answer: a lead can be up to 1 MiB. */
const LEADS_PER_PAGE = 10;
/** At most this many delivery attempts per answer. */
const ATTEMPTS_PER_PAGE = 1000;
/** The deliveries the lead page shows. */
const LATEST_ATTEMPTS = 20;

const DELIVERIES_QUERY = pagedQuery({ lead_id: { type: 'string', maxLength: 200 } });

export const overviewRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { store } = app.sandbox;

  app.get<{ Querystring: { lead?: string } }>(
    '/',
    {
      schema: { querystring: stringFields(['lead']) },
      config: { answersHtml: true },
      // `/_sandbox` only, as before the prefix: not `/_sandbox/` too.
      prefixTrailingSlash: 'no-slash',
    },
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

  app.get<{ Querystring: PageQuery }>(
    '/leads',
    { schema: { querystring: pagedQuery() } },
    (request, reply) => {
      const page = pageOf(request.query, LEADS_PER_PAGE);
      return sendPage(request, reply, page, store.leads.list(page), store.leads.count());
    },
  );
  app.get('/webhooks', () => store.webhooks.list());
  app.get<{ Querystring: PageQuery & { lead_id?: string } }>(
    '/deliveries',
    { schema: { querystring: DELIVERIES_QUERY } },
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
  done();
};

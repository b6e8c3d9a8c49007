/**
 * What the sandbox holds, for a person and for tests: the lead page
 * (`/_sandbox`: a form, the webhooks, the latest deliveries) and the
 * listings as JSON, leads and delivery attempts a page at a time.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

import { answerHtmlError } from '../http';
import { sendHtml } from '../http/html';
import { homePage } from '../pages/home';
import { announcePage, pagedQuery, listingPage } from '../http/paging';
import {
  ERROR_RESPONSES,
  HTML_ERROR_RESPONSES,
  HTML_PAGE,
} from '../http/response-schemas';
import { stringFields } from '../http/schema';

/** At most this many leads per answer: a lead can be up to 1 MiB. */
const LEADS_PER_PAGE = 10;
/** At most this many delivery attempts per answer. */
const ATTEMPTS_PER_PAGE = 1000;
/** The deliveries the lead page shows. */
const LATEST_ATTEMPTS = 20;

const DELIVERIES_QUERY = pagedQuery({ lead_id: { type: 'string', maxLength: 200 } });

const STRING = { type: 'string' } as const;

/** Listed as stored; a field the schema does not name is kept. */
function listOf<const Properties extends Record<string, unknown>>(
  properties: Properties,
) {
  return {
    type: 'array',
    items: { type: 'object', properties, additionalProperties: true },
  } as const;
}

const LEADS = listOf({
  id: STRING,
  projectId: STRING,
  data: { type: 'object', additionalProperties: true },
  createdAt: STRING,
});
const WEBHOOKS = listOf({
  id: STRING,
  projectId: STRING,
  clientId: STRING,
  url: STRING,
  triggers: { type: 'array', items: STRING },
  createdAt: STRING,
});
const ATTEMPTS = listOf({
  id: { type: 'integer' },
  deliveryId: STRING,
  leadId: STRING,
  webhookId: STRING,
  url: STRING,
  attempt: { type: 'integer' },
  statusCode: { type: ['integer', 'null'] },
  error: { type: ['string', 'null'] },
  outcome: STRING,
  at: STRING,
});

/** Plain copies of store rows, as the listing's inferred item type (an index signature) wants them. */
const asListed = <T extends object>(items: readonly T[]) =>
  items.map((item) => ({ ...item }) as Record<string, unknown> & T);

/** `GET /_sandbox`: the page that shows what the sandbox holds and lets a person submit a lead. */
const overviewPage: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { store } = app.sandbox;
  app.setErrorHandler(answerHtmlError);
  app.get(
    '/',
    {
      schema: {
        querystring: stringFields(['lead']),
        response: { 200: HTML_PAGE, ...HTML_ERROR_RESPONSES },
      },
      // `/_sandbox` only, as before the prefix: not `/_sandbox/` too.
      prefixTrailingSlash: 'no-slash',
    },
    (request, reply) => {
      sendHtml(
        reply,
        200,
        homePage({
          projects: store.accounts.projects(),
          pages: store.accounts.pages(),
          webhooks: store.webhooks.list(),
          leadCount: store.leadsAndDeliveries.count(),
          attempts: store.leadsAndDeliveries.latestAttempts(LATEST_ATTEMPTS),
          submittedLeadId: request.query.lead,
        }),
      );
    },
  );
};

/** The listings as JSON, paged: leads, webhooks, delivery attempts. */
const listings: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { store } = app.sandbox;
  app.get(
    '/leads',
    {
      schema: { querystring: pagedQuery(), response: { 200: LEADS, ...ERROR_RESPONSES } },
    },
    (request, reply) => {
      const page = listingPage(request.query, LEADS_PER_PAGE);
      const leads = store.leadsAndDeliveries.list(page);
      announcePage(request, reply, page, leads, store.leadsAndDeliveries.count());
      return asListed(leads);
    },
  );
  app.get(
    '/webhooks',
    { schema: { response: { 200: WEBHOOKS, ...ERROR_RESPONSES } } },
    () => asListed(store.webhooks.list()),
  );
  app.get(
    '/deliveries',
    {
      schema: {
        querystring: DELIVERIES_QUERY,
        response: { 200: ATTEMPTS, ...ERROR_RESPONSES },
      },
    },
    (request, reply) => {
      const page = listingPage(request.query, ATTEMPTS_PER_PAGE);
      const filter = { leadId: request.query.lead_id };
      const attempts = store.leadsAndDeliveries.attempts(filter, page);
      announcePage(
        request,
        reply,
        page,
        attempts,
        store.leadsAndDeliveries.attemptCount(filter),
      );
      return asListed(attempts);
    },
  );
};

export const overviewRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  await app.register(overviewPage);
  await app.register(listings);
};

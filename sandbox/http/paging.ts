/**
 * Listings a page at a time: `?limit=<n>&offset=<n>`, with `X-Total-Count`
 * and a `Link: <…>; rel="next"` while more follow.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from './http-error';
import type { ListPage } from '../store';

const WHOLE_NUMBER = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

type Filters = Record<string, { readonly type: 'string'; readonly maxLength: number }>;

/** The query of a paged listing, with the listing's own filters. */
export function pagedQuery<const Filter extends Filters = Record<never, never>>(
  filters?: Filter,
) {
  return {
    type: 'object',
    properties: { limit: WHOLE_NUMBER, offset: WHOLE_NUMBER, ...(filters as Filter) },
  } as const;
}

export interface PageQuery {
  limit?: string;
  offset?: string;
}

/** The page asked for: `maxLimit` items unless fewer are asked. */
export function listingPage(query: PageQuery, maxLimit: number): ListPage {
  const limit = query.limit === undefined ? maxLimit : Number(query.limit);
  if (limit < 1 || limit > maxLimit) {
    throw new HttpError(400, `limit must be from 1 to ${maxLimit}`);
  }
  return { limit, offset: Number(query.offset ?? 0) };
}

/** Says how many items there are in all, and where the next page is; the route answers the items. */
export function announcePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ListPage,
  items: readonly unknown[],
  total: number,
): void {
  reply.header('X-Total-Count', String(total));
  if (page.offset + items.length < total) {
    const next = new URL(request.url, 'http://sandbox.invalid');
    next.searchParams.set('limit', String(page.limit));
    next.searchParams.set('offset', String(page.offset + items.length));
    reply.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
}

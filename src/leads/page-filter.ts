/**
 * The optional "Page" of New Lead: only leads from the landing page whose id,
 * name or address the user picked or typed. The service has no page listing
 * (service-interface.md#not-in-the-interface), but each lead says which page it came from.
 */
import type { FieldValue, Lead } from './fields';

/** Where a lead names its page, as flattened keys; the envelope's (`delivery__…`) count too. */
const PAGE_KEYS = [
  'page__id',
  'page__name',
  'page__title',
  'page__url',
  'page__slug',
  'page',
  'page_id',
  'page_name',
  'page_title',
  'page_url',
  'landing_page',
  'landing_page__id',
  'landing_page__name',
  'landing_page__url',
  'landing_page_id',
  'landing_page_name',
  'landing_page_url',
];

/**
 * A page's id, name or address longer than this is cut short where it is
 * kept and listed (the Page dropdown); a choice cut so still finds its page.
 */
export const LONGEST_PAGE_TEXT = 500;

export function shortPageText(text: string): string {
  return text.slice(0, LONGEST_PAGE_TEXT);
}

/**
 * Case-insensitive, and forgiving about how an address is typed:
 * `https://www.Pages.example.org/spring/` matches `pages.example.org/spring`.
 * An address's query and fragment are not the page (`?gclid=…` differs from
 * one visitor to the next).
 */
export function pageKey(text: string): string {
  const lower = text.trim().toLowerCase();
  const withoutScheme = lower.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const isAddress = withoutScheme !== lower || withoutScheme.includes('/');
  return (isAddress ? withoutScheme.replace(/[?#].*$/, '') : withoutScheme)
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

function textsOf(value: FieldValue | undefined): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) =>
    typeof item === 'string' || typeof item === 'number' ? [String(item)] : [],
  );
}

/** The ids, names and addresses by which the lead names its page. */
export function pagesNamedBy(lead: Lead): string[] {
  return PAGE_KEYS.flatMap((key) => [
    ...textsOf(lead[key]),
    ...textsOf(lead[`delivery__${key}`]),
  ]);
}

/** The page the user asked for, or undefined when every page is wanted. */
export function wantedPage(input: unknown): string | undefined {
  if (typeof input !== 'string' && typeof input !== 'number') {
    return undefined;
  }
  const key = pageKey(String(input));
  return key === '' ? undefined : key;
}

export function isFromPage(lead: Lead, wanted: string): boolean {
  return pagesNamedBy(lead).some(
    (page) => pageKey(page) === wanted || pageKey(shortPageText(page)) === wanted,
  );
}

/** A landing page as a lead names it: what the Page dropdown lists. */
export interface LeadPage {
  /** The page's id; its address or name when the lead gives no id. */
  id: string;
  name?: string;
  url?: string;
}

/** Where a lead gives its page's id, name and address, most specific first. */
const PAGE_PARTS = {
  id: ['page__id', 'page_id', 'landing_page__id', 'landing_page_id'],
  name: [
    'page__name',
    'page__title',
    'page_name',
    'page_title',
    'landing_page__name',
    'landing_page_name',
    'page',
    'landing_page',
  ],
  url: ['page__url', 'page_url', 'landing_page__url', 'landing_page_url'],
};

function firstText(lead: Lead, keys: string[]): string | undefined {
  for (const key of keys) {
    const [text] = [...textsOf(lead[key]), ...textsOf(lead[`delivery__${key}`])];
    // A text that names no page once compared ("https://", "/") is no page.
    if (text !== undefined && pageKey(text) !== '') {
      return text.trim();
    }
  }
  return undefined;
}

/** The page the lead came from, or undefined when it names none. */
export function pageOf(lead: Lead): LeadPage | undefined {
  const id = firstText(lead, PAGE_PARTS.id);
  const name = firstText(lead, PAGE_PARTS.name);
  const url = firstText(lead, PAGE_PARTS.url);
  const identifier = id ?? url ?? name;
  if (identifier === undefined) {
    return undefined;
  }
  return {
    id: identifier,
    ...(name === undefined ? {} : { name }),
    ...(url === undefined ? {} : { url }),
  };
}

import type { Lead } from '../../../src/leads/fields';
import {
  LONGEST_PAGE_TEXT,
  isFromPage,
  shortPageText,
  pageKey,
  pageOf,
  pagesNamedBy,
  wantedPage,
} from '../../../src/leads/page-filter';

const lead = (fields: Record<string, string | number>): Lead => ({
  id: 'lead_1',
  is_sample: false,
  ...fields,
});
const springLead = lead({
  page__id: 'page_spring',
  page__name: 'Spring Launch – Early Access',
  page__url: 'https://pages.example.org/spring-launch',
});

describe('the Page filter', () => {
  it.each([
    'page_spring',
    'PAGE_SPRING',
    'spring launch – early access',
    '  Spring Launch – Early Access ',
    'https://pages.example.org/spring-launch',
    'pages.example.org/spring-launch/',
    'http://www.pages.example.org/spring-launch',
  ])('keeps a lead whose page is %j', (typed) => {
    expect(isFromPage(springLead, wantedPage(typed)!)).toBe(true);
  });

  it.each(['Spring', 'page_spring_2', 'pages.example.org', 'Webinar Signup'])(
    'does not keep it for %j',
    (typed) => {
      expect(isFromPage(springLead, wantedPage(typed)!)).toBe(false);
    },
  );

  it('reads the page from flat keys, lists and the envelope too', () => {
    expect(
      pagesNamedBy(lead({ page_id: 7, delivery__page__name: 'Pricing' })).sort(),
    ).toEqual(['7', 'Pricing']);
    expect(isFromPage(lead({ landing_page: 'Pricing' }), 'pricing')).toBe(true);
  });

  it('keeps nothing for a lead that names no page', () => {
    expect(isFromPage(lead({ email: 'a@x.org' }), 'pricing')).toBe(false);
  });

  it.each([undefined, null, '', '   ', {}])('wants every page for %j', (input) => {
    expect(wantedPage(input)).toBeUndefined();
  });

  it('compares ids, names and addresses the same forgiving way', () => {
    expect(pageKey('HTTPS://WWW.Example.org/A//')).toBe('example.org/a');
  });

  it("keeps a lead whose page address differs only in its query or fragment (a visitor's gclid)", () => {
    const visited = lead({ page_url: 'https://pages.example.org/a?gclid=3#form' });
    expect(isFromPage(visited, wantedPage('https://pages.example.org/a?gclid=1')!)).toBe(
      true,
    );
    expect(pageKey('pages.example.org/a?x=1')).toBe('pages.example.org/a');
    // Text that is no address keeps its question mark.
    expect(pageKey('Pricing?')).toBe('pricing?');
  });

  it('finds the page of a choice cut short in the dropdown', () => {
    const long = `https://pages.example.org/${'x'.repeat(600)}`;
    const chosen = shortPageText(long);
    expect(chosen).toHaveLength(LONGEST_PAGE_TEXT);
    expect(isFromPage(lead({ page_url: long }), wantedPage(chosen)!)).toBe(true);
  });

  it.each(['https://', 'www.', '/', '   '])('takes %j for no page at all', (text) => {
    expect(pageOf(lead({ page__id: text, page__name: 'Pricing' }))).toEqual({
      id: 'Pricing',
      name: 'Pricing',
    });
    expect(pageOf(lead({ page_url: text }))).toBeUndefined();
  });
});

describe('the page a lead came from', () => {
  it('gives its id, name and address', () => {
    expect(pageOf(springLead)).toEqual({
      id: 'page_spring',
      name: 'Spring Launch – Early Access',
      url: 'https://pages.example.org/spring-launch',
    });
  });

  it('is named by its address, then its name, when the lead gives no id', () => {
    expect(pageOf(lead({ landing_page_url: ' https://a.example.org/x ' }))).toEqual({
      id: 'https://a.example.org/x',
      url: 'https://a.example.org/x',
    });
    expect(pageOf(lead({ delivery__page__title: 'Pricing' }))).toEqual({
      id: 'Pricing',
      name: 'Pricing',
    });
    expect(pageOf(lead({ page_id: 7, page: 'Pricing' }))).toEqual({
      id: '7',
      name: 'Pricing',
    });
  });

  it('is none for a lead that names no page, or only blanks', () => {
    expect(pageOf(lead({ email: 'a@x.org' }))).toBeUndefined();
    expect(pageOf(lead({ page__name: '   ' }))).toBeUndefined();
  });
});

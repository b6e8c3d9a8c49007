import { defineRule, zapierReference } from '../rule';
import { placeOfPath } from '../shared/definition';
import { textsOf } from '../shared/definition-texts';

const PROSE_PROPERTIES = new Set(['description', 'directions', 'helpText']);
const CODE_SPAN = /`[^`\n]*`/g;
/** `[text](url)`, optionally with a title: `[text](url "title")`. */
const WELL_FORMED_LINK = /\[[^\]\n]+\]\((https?:\/\/|mailto:)[^\s)]+(\s+"[^"\n]*")?\)/g;
/** `[text](/path)`: well written, but with no site to open in Zapier's editor. */
const RELATIVE_LINK = /\[[^\]\n]+\]\((?![a-z][a-z0-9+.-]*:)[^\s)]+\)/gi;
/**
 * A link to an address written wrong: `[text] (https://…)`, a space between
 * the brackets, or `[text](https://…` left open. Brackets before a
 * parenthesis that holds no address are prose (`[1, 2] (weekdays)`).
 */
const MALFORMED_LINK =
  /\]\s+\(\s*(?:https?:\/\/|mailto:|www\.)|\]\(\s*(?:https?:\/\/|mailto:|www\.)[^)]*$/i;
/** An address outside a link: a scheme and a host (`https://example.org`); a scheme alone names no page. */
const BARE_URL = /https?:\/\/[\p{L}\p{N}]|\bwww\.[\p{L}\p{N}]/iu;
/** What a fix leaves as written: code spans and well-formed links. */
const KEPT = new RegExp(`${CODE_SPAN.source}|${WELL_FORMED_LINK.source}`, 'g');
/** A bare address, in angle brackets or not; punctuation that ends a sentence after it is not its. */
const BARE_ADDRESS =
  /<?((?:https?:\/\/|\bwww\.)[^\s<>()[\]`"']+?)[.,;:!?]*(?=[\s<>()[\]`"']|$)>?/giu;

type Verdict = 'relative' | 'malformed' | 'bareUrl' | undefined;

function verdictOf(value: string): Verdict {
  const written = value.replace(CODE_SPAN, '').replace(WELL_FORMED_LINK, '');
  const rest = written.replace(RELATIVE_LINK, '');
  if (rest !== written) {
    return 'relative';
  }
  if (MALFORMED_LINK.test(rest)) {
    return 'malformed';
  }
  return BARE_URL.test(rest) ? 'bareUrl' : undefined;
}

/**
 * The text with each bare address made a link to itself (`[https://x](https://x)`),
 * one without a scheme (`www.x.org`) code; undefined when that would not pass.
 */
function linked(value: string): string | undefined {
  let fixed = '';
  let at = 0;
  // An address that runs on into a bracket ("…/Foo_(bar)") is not taken whole: no fix.
  let cut = false;
  const link = (text: string) =>
    text.replace(BARE_ADDRESS, (whole, address: string, offset: number) => {
      cut ||= text.charAt(offset + whole.length) === '(';
      const bracketed = whole.startsWith('<') && whole.endsWith('>');
      const before = whole.startsWith('<') && !bracketed ? '<' : '';
      const after = whole
        .slice(whole.indexOf(address) + address.length)
        .replace(/>$/, bracketed ? '' : '>');
      const made = /^www\./i.test(address)
        ? `\`${address}\``
        : `[${address}](${address})`;
      return `${before}${made}${after}`;
    });
  for (const kept of value.matchAll(KEPT)) {
    fixed += link(value.slice(at, kept.index)) + kept[0];
    at = kept.index + kept[0].length;
  }
  fixed += link(value.slice(at));
  return !cut && verdictOf(fixed) === undefined ? fixed : undefined;
}

export default defineRule({
  meta: {
    id: 'D008',
    name: 'markdown-links-are-well-formed',
    category: 'publishing-task',
    categoryEvidence: "carly-cli: D008 'blocks promoting the app'; rendex-zapier 1b21e41",
    requirement:
      'markdown links in descriptions and help text are [text](url); a bare URL is wrapped in backticks',
    url: zapierReference('D008'),
    needs: ['definition'],
    fixable: 'text',
    messages: {
      relative:
        '%{property}: give the link a whole address (https://…): a relative one opens nothing in Zapier',
      malformed:
        '%{property}: write the link as [text](https://…), with nothing between ] and (',
      bareUrl:
        '%{property}: wrap the bare URL in backticks or make it a [text](url) link',
    },
  },
  check({ definition }, report) {
    for (const { path, key, value } of textsOf(definition)) {
      if (!PROSE_PROPERTIES.has(key)) {
        continue;
      }
      const place = placeOfPath(definition, path);
      const verdict = verdictOf(value);
      if (verdict === 'relative') {
        // Zapier's page asks for "a proper link": whether a relative one is, no verdict says.
        report.unconfirmed(place, 'relative', { property: key });
      } else if (verdict === 'malformed') {
        report(place, 'malformed', { property: key });
      } else if (verdict === 'bareUrl') {
        const found = report(place, 'bareUrl', { property: key });
        const fixed = linked(value);
        if (fixed !== undefined) {
          found.fix({ path, value, text: fixed });
        }
      }
    }
  },
});

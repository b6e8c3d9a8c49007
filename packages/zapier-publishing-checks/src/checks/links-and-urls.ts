/** URLs and links written in the definition (and requested in code): https (D007), markdown (D008), schemes (D025). */
import type { AppDefinition } from '../definition';
import { isFunctionReference, isRecord } from '../definition';
import { requestsInCode } from '../requests-in-code';
import type { Check, Finding } from './check';
import { failure } from './check';

interface Text {
  /** Where in the definition, e.g. `triggers.new_lead.display.description`. */
  path: string;
  key: string;
  value: string;
}

/** Every string of the definition, samples left out (they are data, not what the app uses). */
function* textsIn(value: unknown, path: string, key: string): Generator<Text> {
  if (typeof value === 'string') {
    if (!isFunctionReference(value)) {
      yield { path, key, value };
    }
  } else if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) {
      yield* textsIn(element, `${path}[${index}]`, key);
    }
  } else if (isRecord(value)) {
    for (const [childKey, child] of Object.entries(value)) {
      if (childKey !== 'sample') {
        yield* textsIn(child, path === '' ? childKey : `${path}.${childKey}`, childKey);
      }
    }
  }
}

const texts = (definition: AppDefinition) => Array.from(textsIn(definition, '', ''));

/** Properties that hold an address the app calls: `url`, `authorizeUrl`, `refreshUrl`, … */
const isUrlProperty = (key: string) => /^url$|Url$|URL$/.test(key);

/**
 * An http address a request calls: a string or template that opens the
 * call's first argument or a `url` property, up to the end of its literal
 * part. An http URI inside a body (an XML namespace) calls nothing.
 */
const HTTP_IN_CODE = /(?:^\s*|\burl\s*:\s*)['"`](http:\/\/[^\s'"`$]*)/gi;

export const urlsAreHttps: Check = {
  id: 'D007',
  requirement:
    "every URL written in the definition, and every address the app's code gives z.request(), is https",
  run({ definition, sources }): Finding[] {
    const inDefinition = texts(definition)
      .filter(({ key, value }) => isUrlProperty(key) && /^\s*http:\/\//i.test(value))
      .map(({ path, value }) => failure(`${path}: use https instead of "${value}"`));
    // No exception for localhost: Zapier's servers make the request, not the developer's machine.
    const inCode = requestsInCode(sources).flatMap(({ where, text }) =>
      Array.from(text.matchAll(HTTP_IN_CODE), ([, url]) =>
        failure(`${where}: z.request() calls "${url}"; use https`),
      ),
    );
    return [...inDefinition, ...inCode];
  },
};

const PROSE_PROPERTIES = new Set(['description', 'directions', 'helpText']);
const CODE_SPAN = /`[^`\n]*`/g;
/** `[text](url)`, optionally with a title: `[text](url "title")`. */
const WELL_FORMED_LINK = /\[[^\]\n]+\]\((https?:\/\/|mailto:)[^\s)]+(\s+"[^"\n]*")?\)/g;
/** `[text](/path)`: well written, but with no site to open in Zapier's editor. */
const RELATIVE_LINK = /\[[^\]\n]+\]\((?![a-z][a-z0-9+.-]*:)[^\s)]+\)/gi;
const MALFORMED_LINK = /\]\s*\(|\[[^\]\n]*\]\s+\(|\]\([^)]*$/;
const BARE_URL = /https?:\/\/\S+|\bwww\.\S+/i;

export const markdownLinksAreWellFormed: Check = {
  id: 'D008',
  requirement:
    'markdown links in descriptions and help text are [text](url); a bare URL is wrapped in backticks',
  run({ definition }): Finding[] {
    const findings: Finding[] = [];
    for (const { path, key, value } of texts(definition)) {
      if (!PROSE_PROPERTIES.has(key)) {
        continue;
      }
      const written = value.replace(CODE_SPAN, '').replace(WELL_FORMED_LINK, '');
      const rest = written.replace(RELATIVE_LINK, '');
      if (rest !== written) {
        findings.push(
          failure(
            `${path}: give the link a whole address (https://…): a relative one opens nothing in Zapier`,
          ),
        );
      } else if (MALFORMED_LINK.test(rest)) {
        findings.push(
          failure(
            `${path}: write the link as [text](https://…), with nothing between ] and (`,
          ),
        );
      } else if (BARE_URL.test(rest)) {
        findings.push(
          failure(
            `${path}: wrap the bare URL in backticks or make it a [text](url) link`,
          ),
        );
      }
    }
    return findings;
  },
};

const DANGEROUS_SCHEME = '(javascript|vbscript|data):';
/** An address the app calls or shows starts with the scheme. */
const DANGEROUS_URL = new RegExp(`^\\s*${DANGEROUS_SCHEME}`, 'i');
/** A link in prose points at it: `[text](javascript:…)`, `href="javascript:…"`. */
const DANGEROUS_LINK = new RegExp(
  `\\]\\(\\s*${DANGEROUS_SCHEME}|href\\s*=\\s*["']?\\s*${DANGEROUS_SCHEME}`,
  'i',
);

export const noDangerousUrlSchemes: Check = {
  id: 'D025',
  requirement: 'no URL or link uses a dangerous scheme (javascript:, vbscript:, data:)',
  run({ definition }): Finding[] {
    return texts(definition)
      .filter(
        ({ key, value }) =>
          (isUrlProperty(key) && DANGEROUS_URL.test(value)) || DANGEROUS_LINK.test(value),
      )
      .map(({ path }) =>
        failure(
          `${path}: remove the javascript:/vbscript:/data: URL; link to an https page`,
        ),
      );
  },
};

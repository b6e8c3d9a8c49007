import { defineRule, zapierReference } from '../rule';
import { placeOfPath } from '../shared/definition';
import { isUrlProperty, textsOf } from '../shared/definition-texts';

const DANGEROUS_SCHEME = '(javascript|vbscript|data):';
/** An address the app calls or shows starts with the scheme. */
const DANGEROUS_URL = new RegExp(`^\\s*${DANGEROUS_SCHEME}`, 'i');
/** A link in prose points at it: `[text](javascript:…)`, `href="javascript:…"`. */
const DANGEROUS_LINK = new RegExp(
  `\\]\\(\\s*${DANGEROUS_SCHEME}|href\\s*=\\s*["']?\\s*${DANGEROUS_SCHEME}`,
  'i',
);

export default defineRule({
  meta: {
    id: 'D025',
    name: 'no-dangerous-url-schemes',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement: 'no URL or link uses a dangerous scheme (javascript:, vbscript:, data:)',
    url: zapierReference('D025'),
    needs: ['definition'],
    messages: {
      dangerous:
        '%{property}: remove the javascript:/vbscript:/data: URL; link to an https page',
    },
  },
  check({ definition }, report) {
    for (const { path, key, value } of textsOf(definition)) {
      if (
        (isUrlProperty(key) && DANGEROUS_URL.test(value)) ||
        DANGEROUS_LINK.test(value)
      ) {
        report(placeOfPath(definition, path), 'dangerous', { property: key });
      }
    }
  },
});

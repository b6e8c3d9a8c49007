import { defineRule, zapierReference } from '../rule';
import { placeOfPath } from '../shared/definition';
import { isUrlProperty, textsOf } from '../shared/definition-texts';
import { requestsInCode } from '../shared/requests-in-code';

/**
 * An http address a request calls: a string or template that opens the
 * call's first argument or a `url` property, up to the end of its literal
 * part. An http URI inside a body (an XML namespace) calls nothing.
 */
const HTTP_IN_CODE = /(?:^\s*|\burl\s*:\s*)['"`](http:\/\/[^\s'"`$]*)/gi;

export default defineRule({
  meta: {
    id: 'D007',
    name: 'urls-are-https',
    category: 'warning',
    categoryEvidence: null,
    requirement:
      "every URL written in the definition, and every address the app's code gives z.request(), is https",
    url: zapierReference('D007'),
    needs: ['definition', 'sources'],
    messages: {
      inDefinition: 'use https instead of "%{url}"',
      inCode: 'z.request() calls "%{url}"; use https',
    },
  },
  check({ definition, sources }, report) {
    for (const { path, key, value } of textsOf(definition)) {
      if (isUrlProperty(key) && /^\s*http:\/\//i.test(value)) {
        report(placeOfPath(definition, path), 'inDefinition', { url: value });
      }
    }
    // No exception for localhost: Zapier's servers make the request, not the developer's machine.
    for (const { file, line, text } of requestsInCode(sources)) {
      for (const [, url = ''] of text.matchAll(HTTP_IN_CODE)) {
        report({ file, line }, 'inCode', { url });
      }
    }
  },
});

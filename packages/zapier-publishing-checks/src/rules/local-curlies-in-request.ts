import { defineRule } from '../rule';
import { requestsInCode } from '../shared/requests-in-code';

/** Core's own test (prepare-request.js, core 17+): a placeholder it refuses in a request from code. */
const CURLIES = /{{\s*(?:bundle|process)\.[^}]*}}/g;
const FIRST_REFUSING_CORE = 17;
const ID = 'local:curlies-in-request';

export default defineRule({
  meta: {
    id: ID,
    name: 'requests-from-code-use-template-literals',
    category: 'warning',
    categoryEvidence:
      "this package's own: Zapier does not report it, so it blocks nothing",
    requirement:
      'on core 17 or later, what the code gives z.request() holds no {{bundle.…}} or {{process.…}} placeholder (core throws on it)',
    // No page of Zapier's: docs/rules/<ID>.md, the page this package ships.
    url: null,
    needs: ['definition', 'sources'],
    messages: {
      placeholder: `z.request() is given "%{placeholder}", which core ${FIRST_REFUSING_CORE}+ refuses at run time; use a template literal (\`\${bundle.…}\`)`,
    },
  },
  check({ definition, sources }, report) {
    const core = Number.parseInt(definition.platformVersion ?? '', 10);
    if (!(core >= FIRST_REFUSING_CORE)) {
      return;
    }
    for (const { file, line, text } of requestsInCode(sources)) {
      for (const [placeholder] of text.matchAll(CURLIES)) {
        report({ file, line }, 'placeholder', { placeholder });
      }
    }
  },
});

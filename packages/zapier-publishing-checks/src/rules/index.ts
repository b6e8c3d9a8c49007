/**
 * Every rule, one line each: a new rule is one module in this folder and
 * one line here. `RULES` (../registry.ts) lists them in Zapier's order.
 */
export { default as D001 } from './D001-no-credentials-in-steps';
export { default as D002 } from './D002-auth-field-help-links';
export { default as D003 } from './D003-connection-label';
export { default as D004 } from './D004-id-fields-offer-dropdowns';
export { default as D005 } from './D005-dynamic-references-name-triggers';
export { default as D006 } from './D006-hook-triggers-have-perform-list';
export { default as D007 } from './D007-urls-are-https';
export { default as D008 } from './D008-markdown-links-are-well-formed';
export { default as D009 } from './D009-searches-have-input-fields';
export { default as D010 } from './D010-polling-samples-have-primary-keys';
export { default as D011 } from './D011-help-text-is-not-the-label';
export { default as D012 } from './D012-visible-steps-have-samples';
export { default as D013 } from './D013-search-references-name-searches';
export { default as D014 } from './D014-search-links-have-dropdowns';
export { default as D015 } from './D015-search-or-creates-name-their-steps';
export { default as D016 } from './D016-more-than-a-static-webhook';
export { default as D017 } from './D017-hooks-subscribe-and-unsubscribe';
export { default as D018 } from './D018-labels-are-title-case';
export { default as D021 } from './D021-trigger-descriptions-say-triggers-when';
export { default as D022 } from './D022-creates-have-static-input-fields';
export { default as D023 } from './D023-sample-dates-are-iso-8601';
export { default as D024 } from './D024-samples-match-output-fields';
export { default as D025 } from './D025-no-dangerous-url-schemes';
export { default as D026 } from './D026-domain-auth-fields-are-validated';
export { default as D028 } from './D028-clean-input-data-is-off';
export { default as M002 } from './M002-directory-description';
export { default as T002 } from './T002-polling-results-carry-primary-keys';
export { default as T003 } from './T003-result-dates-are-iso-8601';
export { default as T004 } from './T004-sample-keys-come-in-results';
export { default as T005 } from './T005-perform-results-match-output-fields';
export { default as T006 } from './T006-hook-list-keys-come-in-deliveries';
export { default as Z001 } from './Z001-perform-list-results-match-output-fields';
export { default as localJsonFieldSchema } from './local-json-field-schema';
export { default as localCurliesInRequest } from './local-curlies-in-request';
export { default as localSecretInConnectionLabel } from './local-secret-in-connection-label';

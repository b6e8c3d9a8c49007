/** Every check, in the order of Zapier's reference, then this package's own (`local:…`). */
import {
  credentialHelpLinksToWhereItIsFound,
  connectionLabelIdentifiesTheAccount,
  domainAuthFieldsAreValidated,
} from './authentication';
import type { Check } from './check';
import { labelsAreTitleCase, triggerDescriptionsSayTriggersWhen } from './copy';
import { cleanInputDataIsOff } from './flags';
import {
  hookTriggersHavePerformList,
  appIsMoreThanAStaticWebhook,
  hookTriggersSubscribeAndUnsubscribe,
} from './hooks';
import {
  noCredentialsAskedInSteps,
  idFieldsOfferDropdowns,
  searchesHaveInputFields,
  helpTextSaysMoreThanTheLabel,
  createsHaveStaticInputFields,
} from './input-fields';
import {
  urlsAreHttps,
  markdownLinksAreWellFormed,
  noDangerousUrlSchemes,
} from './links-and-urls';
import { directoryDescriptionFollowsTheGuide } from './listing';
import {
  pollingResultsCarryPrimaryKeys,
  resultDatesAreIso8601,
  sampleKeysComeInResults,
  performResultsMatchOutputFields,
  hookListKeysComeInDeliveries,
  performListResultsMatchOutputFields,
} from './local-run';
import {
  dynamicReferencesNameTriggers,
  searchReferencesNameSearches,
  searchLinkedFieldsHaveDropdowns,
  searchOrCreatesNameTheirSteps,
} from './references';
import { jsonFieldSchemasHold, noCurliesInRequestsFromCode } from './platform';
import {
  pollingSamplesHavePrimaryKeys,
  visibleStepsHaveSamples,
  sampleDatesAreIso8601,
  samplesMatchOutputFields,
} from './samples';

export const ALL_CHECKS: readonly Check[] = [
  noCredentialsAskedInSteps,
  credentialHelpLinksToWhereItIsFound,
  connectionLabelIdentifiesTheAccount,
  idFieldsOfferDropdowns,
  dynamicReferencesNameTriggers,
  hookTriggersHavePerformList,
  urlsAreHttps,
  markdownLinksAreWellFormed,
  searchesHaveInputFields,
  pollingSamplesHavePrimaryKeys,
  helpTextSaysMoreThanTheLabel,
  visibleStepsHaveSamples,
  searchReferencesNameSearches,
  searchLinkedFieldsHaveDropdowns,
  searchOrCreatesNameTheirSteps,
  appIsMoreThanAStaticWebhook,
  hookTriggersSubscribeAndUnsubscribe,
  labelsAreTitleCase,
  triggerDescriptionsSayTriggersWhen,
  createsHaveStaticInputFields,
  sampleDatesAreIso8601,
  samplesMatchOutputFields,
  noDangerousUrlSchemes,
  domainAuthFieldsAreValidated,
  cleanInputDataIsOff,
  directoryDescriptionFollowsTheGuide,
  pollingResultsCarryPrimaryKeys,
  resultDatesAreIso8601,
  sampleKeysComeInResults,
  performResultsMatchOutputFields,
  hookListKeysComeInDeliveries,
  performListResultsMatchOutputFields,
  jsonFieldSchemasHold,
  noCurliesInRequestsFromCode,
];

/**
 * Static samples (the operation's, with its output fields' own): present
 * (D012), identified (D010), ISO dates (D023), true to the output fields
 * (D024).
 */
import { isPollingTrigger, staticFields, visibleSteps } from '../definition';
import {
  hasKey,
  nonIsoDates,
  outputFieldProblems,
  primaryKeys,
  sampleOf,
} from '../values';
import type { Check, Finding } from './check';
import { failure, warning } from './check';

const withSamples = (input: Parameters<Check['run']>[0]) =>
  visibleSteps(input.definition).flatMap((step) => {
    const sample = sampleOf(step.definition.operation);
    return sample === undefined ? [] : [{ step, sample }];
  });

export const visibleStepsHaveSamples: Check = {
  id: 'D012',
  requirement: 'every visible trigger, search and create has a static sample',
  run({ definition }): Finding[] {
    return visibleSteps(definition)
      .filter((step) => sampleOf(step.definition.operation) === undefined)
      .map((step) =>
        failure(
          `${step.path}: add operation.sample, a realistic item with every output field (or a sample on each output field)`,
        ),
      );
  },
};

export const pollingSamplesHavePrimaryKeys: Check = {
  id: 'D010',
  requirement:
    'the sample of every polling trigger holds its primary key (id, or the output fields marked primary)',
  run(input): Finding[] {
    return withSamples(input)
      .filter(({ step }) => isPollingTrigger(step))
      .flatMap(({ step, sample }) =>
        primaryKeys(staticFields(step.definition.operation?.outputFields))
          .filter((key) => !hasKey(sample, key))
          .map((key) =>
            failure(
              `${step.path}: add "${key}" to the sample (Zapier deduplicates polling results by it)`,
            ),
          ),
      );
  },
};

export const sampleDatesAreIso8601: Check = {
  id: 'D023',
  requirement:
    'dates in samples are ISO 8601, and a date with a time carries its zone (2026-03-14T09:26:53Z)',
  run(input): Finding[] {
    return withSamples(input).flatMap(({ step, sample }) =>
      nonIsoDates(sample, staticFields(step.definition.operation?.outputFields)).map(
        (value) =>
          failure(
            `${step.path} sample ${value}: write it as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z`,
          ),
      ),
    );
  },
};

export const samplesMatchOutputFields: Check = {
  id: 'D024',
  requirement:
    "every sample holds its required output fields, with values of each field's type",
  run(input): Finding[] {
    return withSamples(input).flatMap(({ step, sample }) =>
      outputFieldProblems(
        sample,
        staticFields(step.definition.operation?.outputFields),
      ).map((problem) =>
        warning(
          `${step.path} sample: ${problem}; make the sample and the output fields agree`,
        ),
      ),
    );
  },
};

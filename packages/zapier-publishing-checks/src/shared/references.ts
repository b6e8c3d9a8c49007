/** Fields that refer to another step: a dynamic dropdown's trigger (`dynamic`), a search link (`search`). */
import type { FieldDefinition, PlacedField } from './definition';
import type { AppDefinition } from './definition';
import { inputFieldsOf, stepsOf } from './definition';

export interface Referring extends PlacedField {
  /** What the field names: `trigger_key.id.label`, `search_key.id`. */
  reference: string;
}

/** Every input field of every step with a `dynamic` (or `search`) reference. */
export function fieldsReferring(
  definition: AppDefinition,
  property: 'dynamic' | 'search',
): Referring[] {
  return stepsOf(definition).flatMap((step) =>
    inputFieldsOf(step).flatMap(({ field, place }) => {
      const reference: FieldDefinition[typeof property] = field[property];
      return typeof reference === 'string' ? [{ field, place, reference }] : [];
    }),
  );
}

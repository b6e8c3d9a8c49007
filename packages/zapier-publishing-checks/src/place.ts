/** Where a finding is, as data: every format prints it, and an ignore entry names it. */

/**
 * Where a finding is: in the definition (a step and a field of it, and the
 * property's path from the app's root), or in a file (the app's code, the
 * listing) and a line of it. Every part is optional: a finding about the
 * whole app has none.
 */
export interface Place {
  /** The step (`triggers.new_lead`, `searchOrCreates.find_or_create_lead`), or `authentication` for the connection. */
  step?: string;
  /** A field of it: an input, output or authentication field's key, or a sample's key. */
  field?: string;
  /** The property's path from the definition's root: `triggers.new_lead.display.label`. */
  path?: string;
  /** A file, relative to the app's folder: `src/creates/order.ts`, `listing.json`. */
  file?: string;
  line?: number;
}

/**
 * How a place prints, and how an ignore entry names it: the step, with a
 * field's key after a space (`creates.create_order lims_id`); else the
 * property's path (`authentication.connectionLabel`); else the file and its
 * line (`src/x.ts:34`); else nothing: the finding is about the whole app.
 */
export function placeText(place: Place): string {
  if (place.file !== undefined) {
    return place.line === undefined ? place.file : `${place.file}:${place.line}`;
  }
  if (place.step !== undefined) {
    return place.field === undefined ? place.step : `${place.step} ${place.field}`;
  }
  return place.path ?? '';
}

/** A line of the app's code: where a place is written, for annotations. */
export interface CodeLocation {
  /** Relative to the app's folder. */
  file: string;
  line: number;
}

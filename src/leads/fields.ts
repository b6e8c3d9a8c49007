/** The fields of one item, in order, where two values never share a key. */

export type Scalar = string | number | boolean | null;
export type FieldValue = Scalar | Scalar[];

/** One item New Lead gives Zapier. */
export interface Lead {
  /** The lead's own id, or `hash-…` derived from its content when it has none. */
  id: string;
  /** True only for the sample the Zap editor shows. */
  is_sample: boolean;
  [key: string]: FieldValue;
}

/** Set by New Lead itself on every item: a lead's own field of that name is renamed. */
const RESERVED_KEY = 'is_sample';

/**
 * A map of fields. A key already taken gets the next free suffix (`name_2`,
 * `name_3`, …): one counter per key, so renaming stays linear in the number
 * of fields whatever the names are.
 *
 * The fields live in an object without a prototype, which becomes the item
 * as it is: no field name, not even `constructor`, meets an inherited
 * property, and V8 fills such an object several times faster than a plain
 * one or a Map copied into one. Keys keep the order they were put in, but
 * for integer-like keys (`"2"`), which any JavaScript object lists first.
 */
export class FieldBag {
  private readonly values = Object.create(null) as Record<string, FieldValue>;
  private readonly nextSuffix = new Map<string, number>();

  /** Stores the value under `key`, or under the first free `key_N`; returns the key used. */
  put(key: string, value: FieldValue): string {
    let candidate = key;
    if (this.isTaken(candidate)) {
      let n = this.nextSuffix.get(key) ?? 2;
      do {
        candidate = `${key}_${n}`;
        n += 1;
      } while (this.isTaken(candidate));
      this.nextSuffix.set(key, n);
    }
    this.values[candidate] = value;
    return candidate;
  }

  get(key: string): FieldValue | undefined {
    return this.values[key];
  }

  forEach(visit: (key: string, value: FieldValue) => void): void {
    for (const key in this.values) {
      visit(key, this.values[key]!);
    }
  }

  /** The fields as an object without a prototype (the bag's own storage: put nothing more in the bag). */
  toObject(): Record<string, FieldValue> {
    return this.values;
  }

  private isTaken(key: string): boolean {
    return key === RESERVED_KEY || key in this.values;
  }
}

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
const RESERVED_KEYS: ReadonlySet<string> = new Set(['is_sample']);

/**
 * An ordered map of fields. A key already taken gets the next free suffix
 * (`name_2`, `name_3`, …): one counter per key, so renaming stays linear in
 * the number of fields whatever the names are.
 */
export class FieldBag {
  private readonly values = new Map<string, FieldValue>();
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
    this.values.set(candidate, value);
    return candidate;
  }

  get(key: string): FieldValue | undefined {
    return this.values.get(key);
  }

  entries(): IterableIterator<[string, FieldValue]> {
    return this.values.entries();
  }

  toObject(): Record<string, FieldValue> {
    return Object.fromEntries(this.values);
  }

  private isTaken(key: string): boolean {
    return this.values.has(key) || RESERVED_KEYS.has(key);
  }
}

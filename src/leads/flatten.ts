/**
 * Nested values become flat, readable keys: `page.name` → `page__name`,
 * list items numbered from 1, `[{name, value}]` lists one field per name.
 * Iterative, so any nesting depth is read; every value is kept.
 */
import { isJsonObject } from '../json';
import type { JsonObject } from '../json';
import { asIsoDate } from './dates';
import { fieldKey } from './field-keys';
import { FieldBag } from './fields';
import type { Scalar } from './fields';

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

const NAME_KEYS = ['name', 'key', 'label', 'field'] as const;

/**
 * `{name: "Company", value: "Acme"}` → ["company", "Acme"]: an item holding
 * exactly one name and a value, and nothing else that would be lost.
 */
function namedValue(item: unknown): [key: string, value: unknown] | undefined {
  if (!isJsonObject(item) || !('value' in item)) {
    return undefined;
  }
  const keys = Object.keys(item);
  const nameKey = NAME_KEYS.find((key) => key in item);
  const name = nameKey === undefined ? undefined : item[nameKey];
  if (keys.length !== 2 || typeof name !== 'string' || name.trim() === '') {
    return undefined;
  }
  return [fieldKey(name), item.value];
}

interface Pending {
  key: string;
  /** The last segment of the key: what decides whether it names a date. */
  name: string;
  value: unknown;
}

function join(parent: string, child: string): string {
  return parent === '' ? child : `${parent}__${child}`;
}

/** Flattens `value` into `bag` under `key` (`''` for the top level). */
export function flattenInto(bag: FieldBag, key: string, value: unknown): void {
  const stack: Pending[] = [{ key, name: key, value }];
  const pushChild = (parent: string, name: string, child: unknown) => {
    stack.push({ key: join(parent, name), name, value: child });
  };
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { key: at, name, value: current } = next;
    if (isScalar(current)) {
      bag.put(at, asIsoDate(name, current));
    } else if (Array.isArray(current)) {
      if (current.every(isScalar)) {
        bag.put(
          at,
          current.map((item) => asIsoDate(name, item)),
        );
        continue;
      }
      const named = current.map(namedValue);
      const allNamed = named.every((pair) => pair !== undefined);
      // Children go on the stack last first, so that they come out in order.
      for (let index = current.length - 1; index >= 0; index -= 1) {
        if (allNamed) {
          const [childName, child] = named[index]!;
          pushChild(at, childName, child);
        } else {
          pushChild(at, String(index + 1), current[index]);
        }
      }
    } else if (isJsonObject(current)) {
      const childKeys = Object.keys(current);
      if (childKeys.length === 0 && at !== '') {
        bag.put(at, null);
      }
      for (let index = childKeys.length - 1; index >= 0; index -= 1) {
        const childKey = childKeys[index]!;
        pushChild(at, fieldKey(childKey), current[childKey]);
      }
    } else {
      // `undefined`: the only other value a parsed JSON body or form can hold.
      bag.put(at, null);
    }
  }
}

export function flatten(object: JsonObject): FieldBag {
  const bag = new FieldBag();
  flattenInto(bag, '', object);
  return bag;
}

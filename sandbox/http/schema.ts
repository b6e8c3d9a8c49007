/** JSON schema pieces shared by the routes' schemas. */

const BOUNDED_STRING = { type: 'string', maxLength: 2048 } as const;

/** The schema `stringFields` makes, typed so that the type provider infers the request's type from it. */
export interface StringFields<Name extends string, Required extends Name> {
  readonly type: 'object';
  readonly properties: { readonly [K in Name]: typeof BOUNDED_STRING };
  readonly required: readonly Required[];
}

/** An object whose named properties, when present, are strings of bounded length. */
export function stringFields<
  const Name extends string,
  const Required extends Name = never,
>(
  names: readonly Name[],
  required: readonly Required[] = [],
): StringFields<Name, Required> {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, BOUNDED_STRING])) as {
      [K in Name]: typeof BOUNDED_STRING;
    },
    required,
  };
}

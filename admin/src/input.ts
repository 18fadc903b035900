// Turns form values into the API input of an entity: only the fields the input schema has (the record
// also carries id, timestamps and other read-only fields), and no null where the schema does not allow it
// (react-admin turns an emptied input into null; an optional field that is not nullable is left out).
// Create/Edit use it as `transform`, and the form validation checks exactly what will be sent.

export interface InputFieldShape {
  /** The input schema accepts null for this field. */
  nullable?: boolean;
  /** An array of objects: the shape of each item. */
  items?: InputShape;
}
export type InputShape = Record<string, InputFieldShape>;

type Values = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Values =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A key-value field (a directory entry's values) without the keys of inputs never touched: their value is
 * undefined, which no schema accepts, so a new entry could not be saved until each optional input had
 * been typed in and cleared.
 */
function withoutUndefined(value: Values): Values {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

export function pickInput(values: Values, shape: InputShape): Values {
  const out: Values = {};
  for (const [name, field] of Object.entries(shape)) {
    if (!(name in values)) continue;
    const value = values[name];
    if (value === undefined) continue;
    if (value === null) {
      if (field.nullable) out[name] = null;
      continue;
    }
    const items = field.items;
    out[name] =
      items && Array.isArray(value)
        ? (value as unknown[]).map((item) => (isPlainObject(item) ? pickInput(item, items) : item))
        : isPlainObject(value)
          ? withoutUndefined(value)
          : value;
  }
  return out;
}

/** A `transform` for Create/Edit (and the `prepare` step of zodValidator) for one entity. */
export function inputTransform(shape: InputShape): (values: Values) => Values {
  return (values) => pickInput(values, shape);
}

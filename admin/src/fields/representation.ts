// Record titles from a schema template: "{lastName} {firstName}" → "Иванова Мария".

type RecordLike = Record<string, unknown>;

/** A recordRepresentation / optionText function for a template with {field} placeholders. */
export function recordTemplate(template: string): (record: RecordLike) => string {
  return (record) =>
    template
      .replace(/\{([A-Za-z0-9_.]+)\}/g, (_, path: string) => {
        let value: unknown = record;
        for (const key of path.split('.')) value = (value as RecordLike | null | undefined)?.[key];
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
          return String(value);
        return value === null || value === undefined ? '' : JSON.stringify(value);
      })
      .replace(/\s+/g, ' ')
      .trim();
}

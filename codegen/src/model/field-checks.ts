// The checks of a field that read more than the field: its x-messages against its own rules, and the sibling
// fields x-not-before and x-ui.unitFrom name.
import { fail } from './check';
import type { FieldKind, FieldModel, JsonSchema } from './types';

/** The rules `x-messages` may word: those a property states. */
const MESSAGE_KEYWORDS = [
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'enum',
];

/**
 * x-messages: { rule keyword: the words people see }. A pattern must have them: the generic «Неверный
 * формат» does not say what is expected, and the pattern itself is not for people.
 */
export function checkMessages(file: string, where: string, s: JsonSchema): void {
  const messages = s['x-messages'] as Record<string, unknown> | undefined;
  if (messages !== undefined) {
    if (typeof messages !== 'object' || messages === null || Array.isArray(messages))
      fail(file, where, 'x-messages is { "<rule keyword>": "Russian message" }');
    for (const [k, v] of Object.entries(messages)) {
      if (!MESSAGE_KEYWORDS.includes(k))
        fail(file, where, `x-messages.${k}: not a rule keyword of a property`);
      if (k !== 'type' && s[k] === undefined)
        fail(file, where, `x-messages.${k}: the property states no ${k}`);
      if (typeof v !== 'string' || !v.trim())
        fail(file, where, `x-messages.${k}: a Russian message expected`);
    }
  }
  if (typeof s.pattern === 'string' && typeof messages?.pattern !== 'string')
    fail(
      file,
      where,
      'a pattern needs x-messages.pattern: what people are told when the value does not fit, never the pattern itself',
    );
}

const ORDERED_KINDS: FieldKind[] = ['date-time', 'date', 'integer', 'bigint', 'number'];

/** x-ui.unitFrom names a sibling enum field and gives units to its values only. */
export function checkUnitFrom(file: string, fields: FieldModel[]): void {
  for (const f of fields) {
    if (!f.unitFrom) continue;
    const other = fields.find((x) => x.name === f.unitFrom!.field);
    if (!other?.enum || other.kind.endsWith('[]'))
      fail(file, f.name, 'x-ui.unitFrom.field names a sibling field with an enum');
    for (const value of Object.keys(f.unitFrom.units))
      if (!other.enum.includes(value))
        fail(file, f.name, `x-ui.unitFrom.units: ${value} is not a value of ${other.name}`);
  }
}

/** x-not-before names a sibling of the same kind, which dates and numbers have. */
export function checkNotBefore(file: string, fields: FieldModel[]): void {
  for (const f of fields) {
    if (f.notBefore === undefined) continue;
    const other = fields.find((x) => x.name === f.notBefore);
    if (!other || other === f || other.kind !== f.kind || !ORDERED_KINDS.includes(f.kind))
      fail(file, f.name, `x-not-before names a sibling field of the same kind (${ORDERED_KINDS.join(', ')})`);
  }
}

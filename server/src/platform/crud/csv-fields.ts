// How people read a field's value, from the entity schemas themselves (x-label, x-enum-labels, the money and
// percent widgets, x-ui.unitFrom): used by the CSV export and by the change history, so both say
// "Цена 1290,50" (CSV) or "Цена 1 290,50 ₽" (history) and "Скидка 7 %", not "129050" and "7".
import { readFileSync } from 'node:fs';
import { ENTITIES_DIR, schemaPaths } from '@shop/schemas/files';
import { formatMoney } from '@shop/schemas/rules/money';
import { spreadsheetPhone } from '@shop/schemas';

export interface FieldLook {
  label: string;
  enumLabels?: Record<string, string>;
  money?: boolean;
  percent?: boolean;
  /** A number its record does not use (a free-delivery coupon's size): shown as nothing. */
  unused?: boolean;
  /** x-ui.unitFrom: the sibling field whose value says the unit, and each value's unit. */
  unitFrom?: { field: string; units: Record<string, 'money' | 'percent'> };
  dateTime?: boolean;
  /** A phone (x-ui widget "phone"): written as spreadsheetPhone does, «8 (912) 345-67-89». */
  phone?: boolean;
  /** Values coded by directories (x-custom-fields "directories"): an offer's attributes. */
  directoryCoded?: boolean;
  /** The fields of a child row or of an object-array item. */
  items?: Map<string, FieldLook>;
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  'x-label'?: string;
  'x-enum-labels'?: Record<string, string>;
  'x-ui'?: { widget?: string; unitFrom?: FieldLook['unitFrom'] };
  'x-custom-fields'?: { source?: string };
}

function looksOf(properties: Record<string, JsonSchema>): Map<string, FieldLook> {
  const out = new Map<string, FieldLook>();
  for (const [name, s] of Object.entries(properties)) {
    const look: FieldLook = { label: s['x-label'] ?? name };
    const enumLabels = s['x-enum-labels'] ?? s.items?.['x-enum-labels'];
    if (enumLabels) look.enumLabels = enumLabels;
    if (s['x-ui']?.widget === 'money') look.money = true;
    if (s['x-ui']?.widget === 'percent') look.percent = true;
    if (s['x-ui']?.unitFrom) look.unitFrom = s['x-ui'].unitFrom;
    if (s.format === 'date-time') look.dateTime = true;
    if (s['x-ui']?.widget === 'phone') look.phone = true;
    if (s['x-custom-fields']?.source === 'directories') look.directoryCoded = true;
    if (s.items?.properties) look.items = looksOf(s.items.properties);
    out.set(name, look);
  }
  return out;
}

let cache: Map<string, Map<string, FieldLook>> | null = null;

/** Field presentation of a resource, by field name; child rows' fields under `items`. */
export function fieldLooks(resource: string): Map<string, FieldLook> {
  if (!cache) {
    cache = new Map();
    for (const path of schemaPaths(ENTITIES_DIR)) {
      const schema = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema & { $id: string };
      cache.set(schema.$id, looksOf(schema.properties ?? {}));
    }
  }
  return cache.get(resource) ?? new Map<string, FieldLook>();
}

const MOSCOW = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Kopecks → roubles with a decimal comma, as a spreadsheet number: 129050 → "1290,50". */
export function kopecksToRoubles(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kopecks));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The look of a value in its record: a field whose unit comes from a sibling (x-ui.unitFrom) reads as money
 * or a percentage by that sibling's value (`unitValue`), and as nothing when that value gives no unit. An
 * unknown sibling value (undefined) leaves the plain number.
 */
export function lookIn(look: FieldLook | undefined, unitValue: unknown): FieldLook | undefined {
  if (!look?.unitFrom || unitValue === undefined) return look;
  const unit = typeof unitValue === 'string' ? look.unitFrom.units[unitValue] : undefined;
  if (unit === 'money') return { label: look.label, money: true };
  if (unit === 'percent') return { label: look.label, percent: true };
  return { label: look.label, unused: true };
}

/** A percentage as people write it: 7 → "7 %" (a non-breaking space before the sign). */
export const percentText = (value: number) => `${String(value).replace('.', ',')}\u00a0%`;

/**
 * A value as text for people: enum labels, roubles, percentages, Moscow time, да/нет; null is empty. Money is
 * a number of roubles with two decimals in a CSV file (a spreadsheet's number, read back by the import), and
 * by the shop's one money rule where a person reads it (`forReading`: the change history, «500 ₽»).
 */
export function displayValue(look: FieldLook | undefined, value: unknown, forReading = false): string {
  if (value === null || value === undefined || look?.unused) return '';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.map((v) => displayValue(look, v, forReading)).join(', ');
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (look?.money && typeof value === 'number')
    return forReading ? formatMoney(value) : kopecksToRoubles(value);
  if (look?.percent && typeof value === 'number') return percentText(value);
  if (look?.enumLabels && typeof value === 'string') return look.enumLabels[value] ?? value;
  if (look?.phone && typeof value === 'string') return spreadsheetPhone(value);
  if (look?.dateTime && (typeof value === 'string' || value instanceof Date)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? d.toString() : MOSCOW.format(d).replace(',', '');
  }
  if (value instanceof Date) return MOSCOW.format(value).replace(',', '');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

// How people read a field's value, from the entity schemas themselves (x-label, x-enum-labels, the money
// widget): used by the CSV export and by the change history, so both say "Цена 1 290,50", not "129050".
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spreadsheetPhone } from '@shop/schemas';

export interface FieldLook {
  label: string;
  enumLabels?: Record<string, string>;
  money?: boolean;
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
  'x-ui'?: { widget?: string };
  'x-custom-fields'?: { source?: string };
}

function entitiesDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@shop/schemas/entities/products.schema.json'));
}

function looksOf(properties: Record<string, JsonSchema>): Map<string, FieldLook> {
  const out = new Map<string, FieldLook>();
  for (const [name, s] of Object.entries(properties)) {
    const look: FieldLook = { label: s['x-label'] ?? name };
    const enumLabels = s['x-enum-labels'] ?? s.items?.['x-enum-labels'];
    if (enumLabels) look.enumLabels = enumLabels;
    if (s['x-ui']?.widget === 'money') look.money = true;
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
    const dir = entitiesDir();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
      const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema & { $id: string };
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

/** Kopecks → roubles with a decimal comma: 129050 → "1290,50" (grouped: "1 290,50"). */
export function kopecksToRoubles(kopecks: number, grouped = false): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kopecks));
  const roubles = String(Math.floor(abs / 100));
  const text = grouped ? roubles.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : roubles;
  return `${sign}${text},${String(abs % 100).padStart(2, '0')}`;
}

/** A value as text for people: enum labels, roubles, Moscow time, да/нет; null is empty. */
export function displayValue(look: FieldLook | undefined, value: unknown, grouped = false): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.map((v) => displayValue(look, v, grouped)).join(', ');
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (look?.money && typeof value === 'number') return kopecksToRoubles(value, grouped);
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

// admin/generated/messages.ts: react-admin's i18n messages, resource names and field labels.
import type { EntityModel } from '../../model';
import { GENERATED_HEADER } from '../header';
import { indent, key, lit } from './code';
import { filterLabel, VIEW_LABEL } from './filters';
import { entityFields, type UiField } from './ui-fields';

/** Field labels for react-admin: top-level fields, filter inputs and item fields ("offers.article"). */
function fieldMessages(e: EntityModel): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (fields: UiField[], prefix: string) => {
    for (const f of fields) {
      out[`${prefix}${f.name}`] = f.label;
      if (f.items) add(f.items, `${prefix}${f.name}.`);
    }
  };
  const fields = entityFields(e);
  add(fields, '');
  if (e.list.search.length > 0) out.q = 'Поиск';
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const filter of e.list.filters) {
    const f = byName.get(filter.field);
    if (!f) continue;
    for (const op of filter.ops) if (op !== 'eq') out[`${f.name}_${op}`] = filterLabel(f, op);
  }
  if (e.list.views.length > 0) out.view = VIEW_LABEL;
  return out;
}

export function emitMessages(entities: EntityModel[]): string {
  const resources = entities.map((e) => {
    // ra-i18n-polyglot with locale 'ru' picks one of three forms (1, 2–4, 5+): the plural label serves both.
    const name = `${e.label.one} |||| ${e.label.many} |||| ${e.label.many}`;
    const fields = Object.entries(fieldMessages(e)).map(([k, v]) => `${key(k)}: ${lit(v)},`);
    return `${key(e.resource)}: {\n${indent(`name: ${lit(name)},\nfields: {\n${indent(fields.join('\n'))}\n},`)}\n},`;
  });
  return (
    [
      GENERATED_HEADER,
      '// react-admin messages of the generated resources: names ("one |||| few |||| many") and field labels.',
      `export const messages = {\n  resources: {\n${indent(indent(resources.join('\n')))}\n  },\n};`,
    ].join('\n\n') + '\n'
  );
}

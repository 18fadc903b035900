// One entity's file, admin/generated/<resource>.tsx: its generated screens (or the hand-written ones of
// x-components in their place) and the <Resource> props that put them together.
import type { EntityModel } from '../../model';
import { GENERATED_HEADER } from '../header';
import { AdminEmitError, IDENTIFIER, Imports, indent, lit } from './code';
import { ADMIN_COMPONENT_KEYS, componentImport, shared, type Ctx, type ScreenKey } from './context';
import { formScreens } from './form';
import { listScreen } from './list';
import { resourceConst } from './resources';
import { showScreen } from './show';
import { entityFields } from './ui-fields';

function representation(ctx: Ctx, title: string): string {
  return IDENTIFIER.test(title) ? lit(title) : `${shared(ctx, 'recordTemplate')}(${lit(title)})`;
}

function checkComponents(e: EntityModel): void {
  for (const key of Object.keys(e.components)) {
    if (!(ADMIN_COMPONENT_KEYS as readonly string[]).includes(key)) {
      throw new AdminEmitError(
        `${e.file}: x-components.${key}: unknown screen; use one of ${ADMIN_COMPONENT_KEYS.join(', ')}`,
      );
    }
  }
}

/** The screens an entity has none of: x-components false, or a form for an action nobody may do. */
export function absentScreens(e: EntityModel): Set<ScreenKey> {
  const absent = new Set<ScreenKey>();
  for (const key of ADMIN_COMPONENT_KEYS) {
    const spec = (e.components as Record<string, unknown>)[key];
    // No generated form for an action nobody may do (x-access compiled: a history record's edit, an
    // order's create); a hand-written screen in its place serves its services (the order screen).
    if (spec === undefined && (key === 'create' || key === 'edit') && e.access[key].length === 0)
      absent.add(key);
    else if (spec === false || spec === null) absent.add(key);
  }
  return absent;
}

export function emitScreens(e: EntityModel, byResource: Map<string, EntityModel>): string {
  checkComponents(e);
  const ctx: Ctx = { entity: e, byResource, imports: new Imports(), choices: new Map() };
  const fields = entityFields(e);
  const fieldsByName = new Map(fields.map((f) => [f.name, f]));
  const generatedNames: Record<ScreenKey, string> = {
    list: `${e.typeName}List`,
    create: `${e.typeName}Create`,
    edit: `${e.typeName}Edit`,
    show: `${e.typeName}Show`,
  };
  const taken = new Set([...Object.values(generatedNames), `${e.typeName}Form`]);
  // x-components: a string names a hand-written screen; false or null drops the screen.
  const own = new Set<ScreenKey>();
  const names = { ...generatedNames };
  const absent = absentScreens(e);
  for (const key of ADMIN_COMPONENT_KEYS) {
    const spec = (e.components as Record<string, unknown>)[key];
    if (absent.has(key)) continue;
    if (spec === undefined) own.add(key);
    else if (typeof spec === 'string') names[key] = componentImport(ctx, key, spec, taken);
    else
      throw new AdminEmitError(`${e.file}: x-components.${key}: a "./path#Export" string or false expected`);
  }

  const body: string[] = [];
  if (own.has('list')) body.push(listScreen(ctx, names.list, fieldsByName));
  if (own.has('create') || own.has('edit')) body.push(formScreens(ctx, fields, names, own));
  // A record nobody edits shows its related records on its show screen instead.
  if (own.has('show')) body.push(showScreen(ctx, names.show, fields, !own.has('edit') && absent.has('edit')));

  const icon = e.icon;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(icon))
    throw new AdminEmitError(`${e.file}: x-entity.icon: "${icon}" is not an @mui/icons-material name`);
  const iconName = ctx.imports.addDefault(`@mui/icons-material/${icon}`, `${icon}Icon`);
  ctx.imports.add('react-admin', 'ResourceProps', true);
  // A hand-written edit screen gets the record's history below it, as generated ones have it beside.
  const screen = (k: ScreenKey) =>
    k === 'edit' && !own.has(k)
      ? `${ctx.imports.add('../src/history', 'withHistory')}(${names[k]})`
      : names[k];
  const screens = ADMIN_COMPONENT_KEYS.filter((k) => !absent.has(k)).map((k) => `${k}: ${screen(k)}`);
  body.push(
    [
      `/** <Resource> props of ${e.resource}: ${e.label.many}. */`,
      `export const ${resourceConst(e)}: ResourceProps = {`,
      indent(
        [
          `name: ${lit(e.resource)}`,
          ...screens,
          `icon: ${iconName}`,
          `recordRepresentation: ${representation(ctx, e.recordTitle)}`,
          `options: ${lit({ label: e.label.many, ...(e.sitePath ? { sitePath: e.sitePath } : {}) })}`,
        ].join(',\n'),
      ),
      '};',
    ].join('\n'),
  );

  return [
    GENERATED_HEADER,
    `// ${e.label.many} (${e.resource}): screens from schemas/entities/${e.file}.`,
    ctx.imports.render(),
    ...[...ctx.choices.keys()].sort().map((k) => ctx.choices.get(k)!),
    ...body,
  ]
    .filter((part) => part !== '')
    .join('\n\n')
    .concat('\n');
}

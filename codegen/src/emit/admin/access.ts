// admin/generated/access.ts: x-access as written, per resource and action, and x-access.write per field.
import type { EntityModel } from '../../model';
import { ACTIONS, ROLES, type Role } from '../../model';
import { GENERATED_HEADER } from '../header';
import { indent, key, lit } from './code';

export function emitAccess(entities: EntityModel[]): string {
  const rows = entities.map((e) => {
    const actions = ACTIONS.map((a) => `${a}: ${lit(e.access[a])}`).join(',\n');
    return `${key(e.resource)}: {\n${indent(actions)},\n},`;
  });
  const fieldRows = entities.flatMap((e) => {
    const named = [
      ...e.fields.map((f) => [f.name, f.writeRoles] as const),
      ...e.children.flatMap((c) => c.fields.map((f) => [`${c.property}.${f.name}`, f.writeRoles] as const)),
    ].filter((x): x is readonly [string, Role[]] => x[1] !== undefined);
    if (named.length === 0) return [];
    const lines = named.map(([name, roles]) => `${key(name)}: ${lit(roles)},`).join('\n');
    return [`${key(e.resource)}: {\n${indent(lines)}\n},`];
  });
  return (
    [
      GENERATED_HEADER,
      '// x-access, exactly as written: the roles that may do each action on each resource ([] is nobody);',
      '// service: changing a history record through its own service (codegen/src/model/access.ts accessModel).',
      `export type AdminRole = ${ROLES.map(lit).join(' | ')};`,
      `export type AdminAction = ${ACTIONS.map(lit).join(' | ')};`,
      `export const access: Record<string, Record<AdminAction, readonly AdminRole[]>> = {\n${indent(rows.join('\n'))}\n};`,
      '// x-access.write on properties: the roles that may change a field ("offers.basePrice" for a child row\'s);',
      "// a field not named here is any writer's (admin/src/access.ts canWriteField).",
      `export const fieldWriteRoles: Record<string, Record<string, readonly AdminRole[]>> = {\n${indent(fieldRows.join('\n'))}\n};`,
    ].join('\n\n') + '\n'
  );
}

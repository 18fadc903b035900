// admin/generated/resources.tsx: the list of resources the app renders, one per admin entity.
import type { EntityModel } from '../../model';
import { GENERATED_HEADER } from '../header';
import { camel, indent, lit } from './code';
import { ADMIN_COMPONENT_KEYS } from './context';

export function resourceConst(e: EntityModel): string {
  return `${camel(e.resource)}Resource`;
}

export function emitResources(entities: EntityModel[]): string {
  const imports = entities.map((e) => `import { ${resourceConst(e)} } from './${e.resource}';`).join('\n');
  return (
    [
      GENERATED_HEADER,
      '// The generated resources the admin app renders, one per admin entity.',
      `import type { ResourceProps } from 'react-admin';\n${imports}`,
      `export const resources: ResourceProps[] = [\n${indent(entities.map((e) => `${resourceConst(e)},`).join('\n'))}\n];`,
      `export { access, type AdminAction, type AdminRole } from './access';\nexport { menuGroups, type MenuGroup } from './menu';`,
    ].join('\n\n') + '\n'
  );
}

/**
 * admin/generated/screens.ts: which screens (list, create, edit, show) each resource has, as plain data:
 * what reads the admin's addresses outside React (the browser tests that visit every screen) needs no JSX.
 */
export function emitScreenList(entities: EntityModel[], absent: (e: EntityModel) => Set<string>): string {
  const rows = entities.map((e) => {
    const keys = ADMIN_COMPONENT_KEYS.filter((k) => !absent(e).has(k));
    return `${lit(e.resource)}: ${lit(keys)},`;
  });
  return (
    [
      GENERATED_HEADER,
      "// Each resource's screens under /nuxt: /<resource> (list), /<resource>/create, /<resource>/<id> (edit),\n// /<resource>/<id>/show.",
      `export type AdminScreen = ${ADMIN_COMPONENT_KEYS.map((k) => lit(k)).join(' | ')};`,
      `export const adminScreens: Record<string, readonly AdminScreen[]> = {\n${indent(rows.join('\n'))}\n};`,
    ].join('\n\n') + '\n'
  );
}

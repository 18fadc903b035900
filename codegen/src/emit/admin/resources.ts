// admin/generated/resources.tsx: the list of resources the app renders, one per admin entity.
import type { EntityModel } from '../../model';
import { GENERATED_HEADER } from '../header';
import { camel, indent } from './code';

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

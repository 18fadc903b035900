// Emits the react-admin side of every admin entity (x-entity.admin is not false):
//   admin/generated/<resource>.tsx          List (+ filters), Create, Edit, Show and the <Resource> props
//   admin/generated/resources.tsx           the list of resources the app renders
//   admin/generated/screens.ts              each resource's screens as plain data (tests visit them all)
//   admin/generated/access.ts               x-access: which roles may do which action on which resource
//   admin/generated/menu.ts                 menu groups (x-entity.menu) with their Russian titles
//   admin/generated/messages.ts             react-admin i18n messages: resource names and field labels
// The screens use react-admin components plus the shared widgets of admin/src (fields/, input.ts,
// validation.ts, list.tsx). Output is deterministic: no timestamps, entities sorted by resource name.
// One file per screen or shared file: screens.ts puts an entity's list.ts, form.ts and show.ts together
// (fields.ts, inputs.ts and filters.ts are their parts, ui-fields.ts what they read, code.ts how they write);
// resources.ts, access.ts, menu.ts and messages.ts write the shared files.
import type { EntityModel } from '../../model';
import { emitAccess } from './access';
import { AdminEmitError } from './code';
import { emitMenu, MENU_GROUPS } from './menu';
import { emitMessages } from './messages';
import { emitResources, emitScreenList } from './resources';
import { absentScreens, emitScreens } from './screens';

export { AdminEmitError, lit } from './code';
export { ADMIN_COMPONENT_KEYS } from './context';
export { MENU_GROUPS } from './menu';
export { resourceConst } from './resources';

/** The shared files of admin/generated: no resource may be named like them. */
const SHARED_FILES = ['resources', 'screens', 'access', 'menu', 'messages'];

function checkEntities(entities: EntityModel[]): void {
  const keys = new Set(MENU_GROUPS.map((g) => g.key));
  for (const e of entities) {
    if (SHARED_FILES.includes(e.resource)) {
      throw new AdminEmitError(
        `${e.file}: the resource name "${e.resource}" is taken by admin/generated/${e.resource}`,
      );
    }
    if (!keys.has(e.menu)) {
      throw new AdminEmitError(
        `${e.file}: x-entity.menu: unknown menu group "${e.menu}"; use one of ${[...keys].join(', ')}`,
      );
    }
  }
}

/**
 * The admin files for every entity with admin access, keyed by path from the repository root. The
 * codegen main formats them with prettier and writes them (or, with --check, compares them).
 */
export function emitAdmin(entities: EntityModel[]): Record<string, string> {
  const byResource = new Map(entities.map((e) => [e.resource, e]));
  const admin = entities.filter((e) => e.admin).sort((a, b) => a.resource.localeCompare(b.resource, 'en'));
  checkEntities(admin);
  const files: Record<string, string> = {};
  for (const e of admin) files[`admin/generated/${e.resource}.tsx`] = emitScreens(e, byResource);
  files['admin/generated/resources.tsx'] = emitResources(admin);
  files['admin/generated/screens.ts'] = emitScreenList(admin, absentScreens);
  files['admin/generated/access.ts'] = emitAccess(admin);
  files['admin/generated/menu.ts'] = emitMenu(admin);
  files['admin/generated/messages.ts'] = emitMessages(admin);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b, 'en')));
}

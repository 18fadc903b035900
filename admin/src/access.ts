// Who may do what in the admin, from the schemas' x-access (admin/generated/access.ts). The auth provider's
// canAccess answers react-admin with it, so buttons, menu entries and pages a role lacks are hidden.
import { access, fieldWriteRoles, type AdminAction, type AdminRole } from '../generated/access';

export const STAFF_ROLES: readonly AdminRole[] = ['admin', 'manager', 'content'];

export function isStaffRole(role: unknown): role is AdminRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}

const ACTIONS: readonly AdminAction[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'service'];

/**
 * Whether a role may do an action on a resource. Resources without x-access (hand-written screens) are
 * for the administrator; an action react-admin names that x-access does not know counts as "edit".
 */
export function canRoleAccess(role: unknown, resource: string, action: string): boolean {
  if (!isStaffRole(role)) return false;
  const rules = access[resource];
  if (!rules) return role === 'admin';
  const known = (ACTIONS as readonly string[]).includes(action) ? (action as AdminAction) : 'edit';
  return rules[known].includes(role);
}

/**
 * Whether a role may change one field of a record it may edit: x-access.write on the property, a child
 * row's as "offers.basePrice" (the server refuses the others: server/src/platform/crud/access.ts). A field without
 * its own rule is any writer's.
 */
export function canWriteField(role: unknown, resource: string, field: string): boolean {
  const roles = fieldWriteRoles[resource]?.[field];
  return isStaffRole(role) && (!roles || roles.includes(role));
}

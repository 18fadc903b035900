// Who may do what in the admin, from the schemas' x-access (admin/generated/access.ts). The auth provider's
// canAccess answers react-admin with it, so buttons, menu entries and pages a role lacks are hidden.
import { access, type AdminAction, type AdminRole } from '../generated/access';

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

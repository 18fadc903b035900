// The input of a field with property-level x-access.write, shown only to the roles that may change it
// (the server refuses a changed value from anyone else: server/src/platform/crud/access.ts); and, for hand-written
// forms that show such a field read-only instead (a product's prices to a content editor), the check itself.
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { canWriteField } from '../access';

export function WritableBy({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { permissions } = usePermissions<string>();
  return permissions !== undefined && roles.includes(permissions) ? children : null;
}

/** Whether the signed-in role may change a field of the resource ("offers.stock" for a child row's). */
export function useFieldWritable(resource: string): (field: string) => boolean {
  const { permissions } = usePermissions<string>();
  return (field) => canWriteField(permissions, resource, field);
}

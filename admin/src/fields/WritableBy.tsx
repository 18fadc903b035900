// The input of a field with property-level x-access.write, shown only to the roles that may change it
// (the server refuses a changed value from anyone else: server/src/crud/field-access.ts).
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';

export function WritableBy({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { permissions } = usePermissions<string>();
  return permissions !== undefined && roles.includes(permissions) ? children : null;
}

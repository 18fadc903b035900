// A hand-written screen reached by its address: shown only to the roles the resource's x-access lets do
// the action; others get react-admin's "Доступ запрещен" page, as on the generated screens, instead of a
// screen whose every call would answer 403.
import type { ReactNode } from 'react';
import { AccessDenied, usePermissions } from 'react-admin';
import { canRoleAccess } from './access';

export function RoleGate(props: { resource: string; action: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  if (!canRoleAccess(permissions, props.resource, props.action)) return <AccessDenied />;
  return <>{props.children}</>;
}

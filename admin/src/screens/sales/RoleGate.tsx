// A hand-written screen reached by its address: shown only to the roles the resource's x-access lets do
// the action, others get a Russian notice instead of screens whose every call would answer 403.
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { canRoleAccess } from '../../access';

export function RoleGate(props: { resource: string; action: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  if (!canRoleAccess(permissions, props.resource, props.action))
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Недостаточно прав для этого раздела
      </Alert>
    );
  return <>{props.children}</>;
}

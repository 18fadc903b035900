// The side menu: the dashboard, then the generated resources in their groups (Каталог, Продажи...), each
// group shown only when the role may list at least one of its resources.
import ListSubheader from '@mui/material/ListSubheader';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { menuGroups } from '../generated/menu';
import { canRoleAccess } from './access';

export function GroupedMenu() {
  const { permissions } = usePermissions<string>();
  const [open] = useSidebarState();
  const groups = menuGroups
    .map((g) => ({ ...g, resources: g.resources.filter((r) => canRoleAccess(permissions, r, 'list')) }))
    .filter((g) => g.resources.length > 0);
  return (
    <Menu>
      <Menu.DashboardItem />
      {groups.map((g) => [
        open ? (
          <ListSubheader
            key={`group-${g.key}`}
            disableSticky
            sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}
          >
            {g.title}
          </ListSubheader>
        ) : null,
        ...g.resources.map((name) => <Menu.ResourceItem key={name} name={name} />),
      ])}
    </Menu>
  );
}

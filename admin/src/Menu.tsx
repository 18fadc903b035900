// The side menu: the desktop, then the generated resources in their groups (Каталог, Продажи...), each
// group shown only when the role may list at least one of its resources. The single screens of the spec
// sit among them: "Новый заказ" after the orders, "Создать купоны" after the coupons, the site forms at
// /forms-list, the send screens after the mailings and the unsent messages after the outbox log.
import AddCardIcon from '@mui/icons-material/AddCard';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import SmsIcon from '@mui/icons-material/Sms';
import SmsFailedIcon from '@mui/icons-material/SmsFailed';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactElement } from 'react';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { menuGroups } from '../generated/menu';
import { canRoleAccess } from './access';

/** The menu entries of a resource: its list, or a single screen standing for it, plus screens after it. */
function resourceItems(name: string, role: string | undefined): ReactElement[] {
  if (name === 'feedback')
    return [
      <Menu.Item key={name} to="/forms-list" primaryText="Заявки с сайта" leftIcon={<ContactPhoneIcon />} />,
    ];
  const items = [<Menu.ResourceItem key={name} name={name} />];
  if (name === 'orders' && canRoleAccess(role, 'orders', 'edit'))
    items.push(
      <Menu.Item
        key="place-order"
        to="/place-order"
        primaryText="Новый заказ"
        leftIcon={<AddShoppingCartIcon />}
      />,
    );
  if (name === 'coupons' && canRoleAccess(role, 'coupons', 'create'))
    items.push(
      <Menu.Item
        key="create-coupons"
        to="/create-coupons"
        primaryText="Создать купоны"
        leftIcon={<AddCardIcon />}
      />,
    );
  if (name === 'mailings' && canRoleAccess(role, 'mailings', 'create'))
    items.push(
      <Menu.Item
        key="send-emails"
        to="/send-emails"
        primaryText="Рассылка писем"
        leftIcon={<ForwardToInboxIcon />}
      />,
      <Menu.Item key="send-sms" to="/send-sms" primaryText="Рассылка SMS" leftIcon={<SmsIcon />} />,
    );
  if (name === 'outbox-messages')
    items.push(
      <Menu.Item
        key="unsend-emails"
        to="/unsend-emails"
        primaryText="Неотправленные письма"
        leftIcon={<MarkEmailUnreadIcon />}
      />,
      <Menu.Item
        key="unsend-sms"
        to="/unsend-sms"
        primaryText="Неотправленные SMS"
        leftIcon={<SmsFailedIcon />}
      />,
    );
  return items;
}

export function GroupedMenu() {
  const { permissions } = usePermissions<string>();
  const [open] = useSidebarState();
  const groups = menuGroups
    .map((g) => ({ ...g, resources: g.resources.filter((r) => canRoleAccess(permissions, r, 'list')) }))
    .filter((g) => g.resources.length > 0);
  return (
    <Menu>
      <Menu.Item to="/desktop" primaryText="Рабочий стол" leftIcon={<DashboardIcon />} />
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
        ...g.resources.flatMap((name) => resourceItems(name, permissions)),
      ])}
    </Menu>
  );
}

// The side menu: the desktop, then the generated resources in their groups (Каталог, Продажи...), each
// group shown only when the role may list at least one of its resources. The single screens of the spec
// sit among them: the YML feed's state after the products, "Новый заказ" after the orders, "Создать купоны" after the coupons, the site forms at
// /forms-list, the send screens after the mailings and the unsent messages after the outbox log.
import AddCardIcon from '@mui/icons-material/AddCard';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import SmsIcon from '@mui/icons-material/Sms';
import SmsFailedIcon from '@mui/icons-material/SmsFailed';
import ListSubheader from '@mui/material/ListSubheader';
import type { ComponentType, ReactElement } from 'react';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { menuGroups } from '../generated/menu';
import { canRoleAccess } from './access';

/** A single screen listed after a resource, shown to the roles that may do `action` on that resource. */
interface ScreenEntry {
  to: string;
  label: string;
  Icon: ComponentType;
  /** null: whoever sees the resource. */
  action: 'create' | 'edit' | 'service' | null;
}

const SCREENS_AFTER: Record<string, ScreenEntry[]> = {
  products: [{ to: '/yml-feed', label: 'Фид для Маркета', Icon: RssFeedIcon, action: null }],
  orders: [{ to: '/place-order', label: 'Новый заказ', Icon: AddShoppingCartIcon, action: 'service' }],
  coupons: [{ to: '/create-coupons', label: 'Создать купоны', Icon: AddCardIcon, action: 'create' }],
  mailings: [
    { to: '/send-emails', label: 'Рассылка писем', Icon: ForwardToInboxIcon, action: 'create' },
    { to: '/send-sms', label: 'Рассылка SMS', Icon: SmsIcon, action: 'create' },
  ],
  'outbox-messages': [
    { to: '/unsend-emails', label: 'Неотправленные письма', Icon: MarkEmailUnreadIcon, action: null },
    { to: '/unsend-sms', label: 'Неотправленные SMS', Icon: SmsFailedIcon, action: null },
  ],
};

/** The menu entries of a resource: its list, or a single screen standing for it, plus screens after it. */
function resourceItems(name: string, role: string | undefined): ReactElement[] {
  if (name === 'feedback')
    return [
      <Menu.Item key={name} to="/forms-list" primaryText="Заявки с сайта" leftIcon={<ContactPhoneIcon />} />,
    ];
  const after = (SCREENS_AFTER[name] ?? []).filter((e) => !e.action || canRoleAccess(role, name, e.action));
  return [
    <Menu.ResourceItem key={name} name={name} />,
    ...after.map(({ to, label, Icon }) => (
      <Menu.Item key={to} to={to} primaryText={label} leftIcon={<Icon />} />
    )),
  ];
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

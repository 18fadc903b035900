// The side menu: the desktop, then the generated resources in their groups (Каталог, Продажи...), each
// group shown only when the role may list at least one of its resources. The single screens of the spec
// sit among them: the YML feed's state after the products, "Новый заказ" after the orders, "Создать купоны" after the coupons, the site forms at
// /forms-list, the send screens after the mailings and the unsent messages after the outbox log.
//
// For a screen reader it is one menu (role="menu") of groups (role="group", named by their titles) of
// items: react-admin's menu is a flat MUI MenuList, whose group titles were list items inside the menu, which
// a menu may not hold. The arrow keys move through every item across the groups (Home and End to the first
// and the last), and every item is also a tab stop, as react-admin makes it.
import AddCardIcon from '@mui/icons-material/AddCard';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import SmsIcon from '@mui/icons-material/Sms';
import SmsFailedIcon from '@mui/icons-material/SmsFailed';
import Box from '@mui/material/Box';
import type { ComponentType, KeyboardEvent, ReactElement } from 'react';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { menuGroups } from '../generated/menu';
import { canRoleAccess } from './access';

/** The id of the menu: the button that opens it (Layout.tsx) names it in aria-controls. */
export const MAIN_MENU_ID = 'main-menu';

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

/** Arrow keys, Home and End move the focus through the menu's items, across its groups, round at the ends. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || items.length === 0) return;
  const to: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const next = to[event.key];
  if (next === undefined) return;
  event.preventDefault();
  items[next]!.focus();
}

const plainList = { listStyle: 'none', m: 0, p: 0 } as const;

export function GroupedMenu() {
  const { permissions } = usePermissions<string>();
  const [open] = useSidebarState();
  const groups = menuGroups
    .map((g) => ({ ...g, resources: g.resources.filter((r) => canRoleAccess(permissions, r, 'list')) }))
    .filter((g) => g.resources.length > 0);
  return (
    <Box
      component="ul"
      id={MAIN_MENU_ID}
      role="menu"
      aria-label="Разделы"
      onKeyDown={moveFocus}
      className={open ? 'RaMenu-root RaMenu-open' : 'RaMenu-root RaMenu-closed'}
      sx={(theme) => ({
        ...plainList,
        py: 1,
        display: 'flex',
        flexDirection: 'column',
        width: open ? theme.sidebar.width : theme.sidebar.closedWidth,
        // Labels wrap instead of ending in «…» (here, not in the layout: the drawer is outside it):
        // «Неотправленные письма» and «Неотправленные SMS» differ only in their last word.
        '& .RaMenuItemLink-root': {
          minHeight: 40,
          '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
        },
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      <Menu.Item to="/desktop" primaryText="Рабочий стол" leftIcon={<DashboardIcon />} />
      {groups.map((g) => (
        <Box component="li" role="none" key={g.key} sx={plainList}>
          {/* The title is seen; a screen reader hears it as the group's name (aria-label). */}
          {open ? (
            <Box
              aria-hidden="true"
              sx={{
                px: 2,
                mt: 1,
                lineHeight: '32px',
                fontSize: '0.875rem',
                fontWeight: 500,
                color: 'text.secondary',
              }}
            >
              {g.title}
            </Box>
          ) : null}
          <Box component="ul" role="group" aria-label={g.title} sx={plainList}>
            {g.resources.flatMap((name) => resourceItems(name, permissions))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

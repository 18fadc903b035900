import { useEffect, useRef, useState, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AppBar,
  Layout,
  Notification,
  Sidebar,
  TitlePortal,
  useSidebarState,
  type SidebarProps,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { GroupedMenu, MAIN_MENU_ID } from './Menu';
import { CARDS_BELOW, listCardsSx } from './list-cards';

/** Below this width the menu folds to its icons, so that a form and its history have the room. */
export const NARROW_ADMIN = '(max-width: 1099.95px)';

/**
 * Below this width the menu is a drawer over the page, opened by «Меню» in the top bar, with its labels and
 * groups: a row of forty icons is no menu on a tablet. The lists become cards below the same width.
 */
export const MENU_DRAWER = CARDS_BELOW;

// react-admin's layout is as wide as its widest content (min-width: fit-content) and its columns are flex
// items: so a wide table (a product's offers) would widen the whole page. Held to the window, such a table
// scrolls sideways inside its own container, and so does a list's table.
// A screen with an aside (an edit form and its history) puts the aside under the form below 1200 px: beside
// it the history would squeeze the form into a sliver. The save bar stays at the bottom of the window while
// a long form scrolls.
const layoutSx = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
  '& .RaList-main, & .RaList-content, & .RaEdit-card, & .RaCreate-card, & .RaShow-card': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaEdit-main, & .RaShow-main': {
    '@media (max-width: 1199.95px)': {
      flexDirection: 'column',
      '& > .RaEdit-card, & > .RaShow-card': { alignSelf: 'stretch' },
    },
  },
  '& .RaToolbar-desktopToolbar': { position: 'sticky', bottom: 0, zIndex: 2 },
  // The bulk actions of a list are folded away until rows are chosen; folded, they are no tab stops either.
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
  // react-admin's own ☰ button (no state for a screen reader): «Меню» below stands in for it.
  '& .RaAppBar-menuButton': { display: 'none' },
  ...listCardsSx,
};

/**
 * The button that opens and closes the menu: says which it does and whether the menu is open
 * (aria-expanded); below 900 px it reads «Меню» beside its icon.
 */
function MenuButton() {
  const [open, setOpen] = useSidebarState();
  const drawer = useMediaQuery(MENU_DRAWER, { noSsr: true });
  const label = open ? 'Закрыть меню' : 'Открыть меню';
  const props = {
    color: 'inherit' as const,
    onClick: () => setOpen(!open),
    'aria-expanded': open,
    'aria-controls': open || !drawer ? MAIN_MENU_ID : undefined,
  };
  return drawer ? (
    <Button {...props} startIcon={<MenuIcon />} sx={{ mr: 1, flexShrink: 0 }}>
      Меню
    </Button>
  ) : (
    <IconButton {...props} aria-label={label} title={label} sx={{ mr: 1 }}>
      <MenuIcon />
    </IconButton>
  );
}

function ShopAppBar() {
  return (
    <AppBar>
      <MenuButton />
      <TitlePortal />
    </AppBar>
  );
}

/**
 * react-admin's side menu on a wide window; below 900 px a drawer over the page with the whole labelled menu
 * (a modal dialog «Главное меню»): it holds the focus while open; Escape or «Закрыть меню» closes it and gives
 * the focus back to «Меню», and so does going to a screen from it.
 */
function AppSidebar({ children, ...props }: SidebarProps) {
  const drawer = useMediaQuery(MENU_DRAWER, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (drawer && open && shownAt.current !== pathname) setOpen(false);
    shownAt.current = pathname;
    // Only a move to another screen closes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  // The menu's state is kept between visits (open on a wide window): the drawer opens only when «Меню» is
  // pressed, never by itself as the admin loads on a narrow one.
  const [shown, setShown] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    setShown(drawer && open && !first.current);
    first.current = false;
  }, [drawer, open]);
  if (!drawer) return <Sidebar {...props}>{children}</Sidebar>;
  return (
    <Drawer
      variant="temporary"
      open={shown}
      onClose={() => setOpen(false)}
      // A modal dialog «Главное меню» (MUI gives a temporary drawer's paper role="dialog"): the page behind
      // is out of reach while it is open.
      slotProps={{ paper: { 'aria-label': 'Главное меню', 'aria-modal': true } as object }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, py: 1 }}
      >
        <Typography variant="h6" component="h2">
          Меню
        </Typography>
        <IconButton aria-label="Закрыть меню" onClick={() => setOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}

/**
 * Folds the menu when the window becomes narrow and opens it when it becomes wide again; in between the
 * administrator's own choice (the ☰ button) stands.
 */
function FoldMenuWhenNarrow() {
  const narrow = useMediaQuery(NARROW_ADMIN, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const first = useRef(true);
  useEffect(() => {
    const wasFirst = first.current;
    first.current = false;
    // At the first render a wide window keeps what the administrator chose last time.
    if (narrow && open) setOpen(false);
    else if (!narrow && !open && !wasFirst) setOpen(true);
    // Only a change of width decides; the menu's own state is the administrator's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [narrow]);
  return null;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={GroupedMenu} appBar={ShopAppBar} sidebar={AppSidebar} sx={layoutSx}>
      <FoldMenuWhenNarrow />
      {children}
    </Layout>
  );
}

/**
 * react-admin's notifications, raised above the save bar that sticks to the window's bottom: at the bottom
 * edge a message (a refused save) would cover «Сохранить» for the seconds it shows.
 */
export function RaisedNotification() {
  return <Notification sx={{ '&.MuiSnackbar-anchorOriginBottomCenter': { bottom: { xs: 88, sm: 96 } } }} />;
}

import { useEffect, useRef, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Layout, Notification, useSidebarState } from 'react-admin';
import { GroupedMenu } from './Menu';

/** Below this width the menu folds to its icons, so that a form and its history have the room. */
export const NARROW_ADMIN = '(max-width: 1099.95px)';

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
  // Menu labels wrap instead of ending in «…»: «Неотправленные письма» and «Неотправленные SMS» differ
  // only in their last word.
  '& .RaMenuItemLink-root': {
    minHeight: 40,
    '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
  },
};

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
    <Layout menu={GroupedMenu} sx={layoutSx}>
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

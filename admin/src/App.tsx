// The administration area at /nuxt: react-admin with the generated resources, Russian UI, the staff
// session in an HttpOnly cookie (authProvider.ts) and role-based access from the schemas.
// Real paths (/nuxt/products/12), not react-admin's default hash URLs: a browser data router with basename
// /nuxt around <Admin>, which then uses it (the server answers index.html for every /nuxt/* page).
import { Admin, CustomRoutes, Resource, defaultDarkTheme, defaultTheme } from 'react-admin';
import { ruRU } from '@mui/material/locale';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { resources } from '../generated/resources';
import { adminApiClient, createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { KeyboardBody } from './KeyboardRow';
import { AppLayout, RaisedNotification } from './Layout';
import { catalogRoutes } from './screens/catalog/routes';
import { contentRoutes } from './screens/content/routes';
import { feedsRoutes } from './screens/feeds/routes';
import { formsRoutes } from './screens/forms/routes';
import { messagesRoutes } from './screens/messages/routes';
import { Dashboard } from './screens/sales/desktop/Dashboard';
import { salesPrintRoutes, salesRoutes } from './screens/sales/routes';

// Before the cookie session the admin kept its token in localStorage: a browser that signed in then still
// holds a live token there, readable by any script of the origin. It goes at the first load.
try {
  window.localStorage.removeItem('auth.token');
} catch {
  // Storage refused (private mode): there is nothing to remove.
}

const dataProvider = createDataProvider(adminApiClient);

type Components = Record<string, { defaultProps?: object } & Record<string, unknown>>;

/** MUI components' settings of `over` added to `base`'s, default props merged rather than replaced. */
function withComponents(base: Components, over: Components): Components {
  const out: Components = { ...base };
  for (const [name, settings] of Object.entries(over))
    out[name] = {
      ...out[name],
      ...settings,
      defaultProps: { ...out[name]?.defaultProps, ...settings.defaultProps },
    };
  return out;
}

// A wider menu than react-admin's 240 px: the Russian names of the sections are long. MUI's own words
// (pagination, autocomplete, rating: also what screen readers say) in Russian. Every row of tabs (a form's
// tabs, a list's status tabs) scrolls with arrows when it does not fit, instead of hiding the rest. A list's
// row that leads somewhere opens from the keyboard too, its checkbox is named after it, and below 900 px
// it is a card (KeyboardRow, list-cards.ts). A spinner or progress bar says what it is («Загрузка»).
const adjust = (base: typeof defaultTheme, palette: object, more: Components = {}) => ({
  ...base,
  palette: { ...base.palette, ...palette },
  sidebar: { width: 264, closedWidth: 55 },
  components: withComponents(withComponents(base.components as Components, ruRU.components as Components), {
    MuiTabs: {
      defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true },
    },
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Загрузка' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Загрузка' } },
    RaDatagrid: { defaultProps: { body: KeyboardBody } },
    ...more,
  }),
});

// WCAG AA contrast, 4.5:1 for text (axe's color-contrast). react-admin's top bar is #2196f3 under white
// (3.1:1), MUI's blue #1976d2 4.4:1 on the page's #fafafb and 4.4:1 on a grey chip, red #d32f2f 3.8:1 on the
// form's grey save bar: a darker blue and red, a lighter bar. MUI chooses white or black text on a coloured
// chip or button by this threshold (3 by default: white on light blue at 3.9:1). The grey of a disabled
// field's help text, of «Записей пока нет» (half-transparent) are read as text too.
const LIGHT_PALETTE = {
  contrastThreshold: 4.5,
  primary: { main: '#1458b0' },
  secondary: { main: '#1458b0', contrastText: '#fff' },
  error: { main: '#c62828' },
};
type Themed = { theme: { palette: { text: { secondary: string } } } };
const READABLE: Components = {
  MuiFormHelperText: {
    styleOverrides: {
      root: ({ theme }: Themed) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
    },
  },
  RaEmpty: {
    styleOverrides: {
      root: ({ theme }: Themed) => ({
        '& .RaEmpty-message': { opacity: 1, color: theme.palette.text.secondary },
      }),
    },
  },
  RaToolbar: { styleOverrides: { root: { backgroundColor: '#eeeeee' } } },
};
const theme = adjust(defaultTheme, LIGHT_PALETTE, READABLE);
const darkTheme = adjust(defaultDarkTheme, { contrastThreshold: 4.5 }, { RaEmpty: READABLE.RaEmpty! });
const authProvider = createAuthProvider(adminApiClient);

export const ADMIN_BASENAME = '/nuxt';

function ShopAdmin() {
  return (
    <Admin
      title="Администрирование"
      disableTelemetry
      requireAuth
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={AppLayout}
      notification={RaisedNotification}
      theme={theme}
      darkTheme={darkTheme}
    >
      {resources.map((props) => (
        <Resource key={props.name} {...props} />
      ))}
      <CustomRoutes>
        {catalogRoutes}
        {contentRoutes}
        {feedsRoutes}
        {salesRoutes}
        {formsRoutes}
        {messagesRoutes}
      </CustomRoutes>
      <CustomRoutes noLayout>{salesPrintRoutes}</CustomRoutes>
    </Admin>
  );
}

// A data router (not a plain <BrowserRouter>): react-admin can then hold a navigation while a form has
// unsaved edits (warnWhenUnsavedChanges) and ask whether to leave.
const router = createBrowserRouter([{ path: '*', element: <ShopAdmin /> }], { basename: ADMIN_BASENAME });

export function App() {
  return <RouterProvider router={router} />;
}

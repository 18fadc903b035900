import fontPreloadHref from '@fontsource/golos-text/files/golos-text-cyrillic-400-normal.woff2?url';
import { Suspense, lazy, type ReactNode } from 'react';
import type { SessionUser } from '@shop/schemas';
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { loadAppUpdates } from './features/shell';
import { NotFound, UnexpectedError } from './features/shell';
import { MaintenancePage } from './features/shell';
import { Metrika } from './features/shell';
import { SiteShell } from './features/shell';
import { ToastProvider } from './ui/Toast';
import { AuthProvider, takeAuthChange } from './lib/auth';
import { clearingHeaders, isSecureRequest, sessionOf } from './lib/auth.server';
import { cartCountCookie, countCookieIsCurrent } from './features/cart/index.server';
import { SHOP_NAME } from './lib/brand';
import { isMaintenanceData } from './lib/maintenance';
import { useNonce } from './lib/nonce';
import { PageScripts } from './lib/page-scripts';
import { organizationScript } from './lib/json-ld.server';
import { loadShellData } from './lib/runtime-config.server';
import { seoMeta } from './lib/seo';
import type { ShellData } from './lib/shell-data';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';

// Draws nothing until a new build is deployed (within the hour at the earliest), so no page waits for it.
const AppUpdates = lazy(() => loadAppUpdates().then((m) => ({ default: m.AppUpdates })));

export const links: Route.LinksFunction = () => [
  // Most of a Russian page is Cyrillic at weight 400: fetch that file before the CSS asks for it.
  { rel: 'preload', href: fontPreloadHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The shell data and the visitor's session as the server saw it (null: a guest), and the seller's JSON-LD
 * block, written on the server so that its code stays out of every page's first download (lib/json-ld).
 */
export type RootData = ShellData & { sessionUser: SessionUser | null; organizationJsonLd: string };

/**
 * Runtime configuration, the category tree and counters for the header and footer of every page (see
 * lib/shell-data). In maintenance mode it throws HTTP 503 for everyone but staff (lib/runtime-config.server).
 * The session comes along for the browser's auth state; a token the API refused is removed by this answer.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [shell, session] = await Promise.all([loadShellData(context, request), sessionOf(context)]);
  const headers = clearingHeaders(session, request);
  // Spec §3: productCard keeps the cart count (1 day), in step with the API's.
  if (!countCookieIsCurrent(context, shell.cartCount))
    headers.append('Set-Cookie', cartCountCookie(shell.cartCount, isSecureRequest(request)));
  const organizationJsonLd = organizationScript(shell.config);
  return data<RootData>({ ...shell, sessionUser: session.user, organizationJsonLd }, { headers });
}

/** A sign-in or sign-out in the browser: the next navigation loads the header's data for the new session. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  takeAuthChange() || defaultShouldRevalidate;

/** The maintenance answer's Retry-After reaches the response; pages' own headers build on these. */
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders;

const DEFAULT_TITLE = `${SHOP_NAME} — материалы для наращивания и ламинирования ресниц`;
const DEFAULT_DESCRIPTION =
  'Интернет-магазин ресниц для наращивания и материалов для ламинирования: ресницы, клей, ремуверы, ' +
  'составы и инструменты для лэшмейкеров и салонов с доставкой по России.';

export const meta: Route.MetaFunction = ({ error, loaderData, location, matches }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const maintenance = isRouteErrorResponse(error) && isMaintenanceData(error.data);
    const title = maintenance ? 'Технические работы' : notFound ? 'Страница не найдена' : 'Ошибка';
    return [{ title: `${title} — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
  }
  // Pages without their own meta still get a title, a description, a canonical link and OpenGraph.
  return seoMeta(
    {
      title: loaderData?.config.seoTitle ?? DEFAULT_TITLE,
      description: loaderData?.config.seoDescription ?? DEFAULT_DESCRIPTION,
      path: location.pathname,
    },
    matches,
  );
};

/**
 * Client-side state shared by every page: react-query (live search; later the cart and favourites) and the
 * toasts. In the layout, so the error pages (which render the header with its live search) have them too.
 */
function Providers({
  sessionUser,
  children,
}: {
  sessionUser: SessionUser | null | undefined;
  children: ReactNode;
}) {
  // React Query's client comes with the live search's results, its one user (features/search/LiveSearchResults.tsx).
  return (
    <AuthProvider serverUser={sessionUser}>
      <ToastProvider>{children}</ToastProvider>
    </AuthProvider>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  // Undefined when the root loader failed or answered the maintenance page.
  const shell = useRouteLoaderData<RootData>('root');
  // The response's CSP nonce for every inline script below (server render only; see lib/nonce.ts).
  const nonce = useNonce();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
        {shell && (
          // The seller, on every page (ARCHITECTURE §6); pages add BreadcrumbList and Product through meta.
          <script
            type="application/ld+json"
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: shell.organizationJsonLd }}
          />
        )}
      </head>
      <body>
        <Providers sessionUser={shell?.sessionUser}>
          {children}
          <Suspense fallback={null}>
            <AppUpdates />
          </Suspense>
        </Providers>
        <ScrollRestoration nonce={nonce} />
        {shell && <Metrika counterId={shell.config.analyticsCounterId} nonce={nonce} />}
        {/* React Router's scripts, started once the page's main picture is painted (lib/page-scripts). */}
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Unknown addresses (the splat route throws 404) and unexpected failures, inside the usual header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && isMaintenanceData(error.data)) {
    return <MaintenancePage shopName={error.data.shopName} supportPhone={error.data.supportPhone} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteShell>
      {notFound ? (
        <NotFound path={pathname} />
      ) : (
        <UnexpectedError status={isRouteErrorResponse(error) ? error.status : undefined} />
      )}
    </SiteShell>
  );
}

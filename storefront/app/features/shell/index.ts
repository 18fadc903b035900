// What other features and the app shell may use of shell; the rest of the folder is its own.
import { deferred } from '../../lib/deferred';

export { SiteShell } from './SiteShell';
export { SocialLinks } from './SocialLinks';

// Rendered on the server as usual, their code fetched while the page hydrates (lib/deferred): the error and
// maintenance pages are rare, and the counter's snippet is in the server's HTML already.
export const NotFound = deferred(() => import('./ErrorPage').then((m) => m.NotFound));
export const UnexpectedError = deferred(() => import('./ErrorPage').then((m) => m.UnexpectedError));
export const MaintenancePage = deferred(() => import('./MaintenancePage').then((m) => m.MaintenancePage));
export const Metrika = deferred(() => import('./Metrika').then((m) => m.Metrika));

/** The deployment watcher (it draws nothing until a new build is out): fetched while the page hydrates. */
export const loadAppUpdates = () => import('./AppUpdates');

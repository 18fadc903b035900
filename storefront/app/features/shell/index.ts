// What other features and the app shell may use of shell; the rest of the folder is its own.
export { NotFound, UnexpectedError } from './ErrorPage';
export { MaintenancePage } from './MaintenancePage';
export { Metrika } from './Metrika';
export { SiteShell } from './SiteShell';
export { SocialLinks } from './SocialLinks';

/** The deployment watcher (it draws nothing until a new build is out): fetched while the page hydrates. */
export const loadAppUpdates = () => import('./AppUpdates');

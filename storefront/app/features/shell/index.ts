// What other features and the app shell may use of shell; the rest of the folder is its own.
export { AppUpdates } from './AppUpdates';
export { NotFound, UnexpectedError } from './ErrorPage';
export { MaintenancePage } from './MaintenancePage';
export { Metrika } from './Metrika';
export { SiteShell } from './SiteShell';
export { SocialLinks } from './SocialLinks';

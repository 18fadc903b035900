export { loader } from '../features/content/activity-page.server';
export { meta, default, handle } from '../features/content/activity-page';

import Page from '../features/content/activity-page';
export { loader } from '../features/content/activity-page.server';
export { meta, handle } from '../features/content/activity-page';
export default Page;

import Page from '../features/shell/not-found-page';
export { loader } from '../features/shell/not-found-page.server';
export default Page;

export { loader } from '../features/shell/not-found-page.server';
export { default } from '../features/shell/not-found-page';

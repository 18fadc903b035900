export { loader } from '../features/content/where-buy-page.server';
export { meta, default, handle } from '../features/content/where-buy-page';

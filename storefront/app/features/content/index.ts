// What other features may use of content; the rest of the folder is its own.
export { loadYandexMaps } from './yandex-maps';
export type { YMaps } from './yandex-maps';

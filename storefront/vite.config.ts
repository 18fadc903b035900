import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // One stylesheet for every page (about 25 kB brotli) instead of a file per route and component:
    // on a phone's connection each render-blocking file costs a round trip before the first paint.
    cssCodeSplit: false,
  },
});

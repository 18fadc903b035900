import type { Config } from '@react-router/dev/config';

// Server-side rendering: every public page is rendered with real content on the server (ARCHITECTURE §6).
export default {
  ssr: true,
  appDirectory: 'app',
  // STOREFRONT_BUILD_DIR: a build of its own elsewhere (the server's header tests build into a temporary
  // folder, so they test the current code without touching the build the server and the browser tests use).
  buildDirectory: process.env.STOREFRONT_BUILD_DIR || 'build',
} satisfies Config;

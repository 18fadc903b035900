import type { Config } from '@react-router/dev/config';

// Server-side rendering: every public page is rendered with real content on the server (ARCHITECTURE §6).
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;

import { defineProject } from 'vitest/config';

// Deliberately without the React Router plugin: with it, vitest hangs on exit (STACK.md, gotcha 7).
// JSX is compiled with the automatic runtime, as the app's tsconfig says (jsx: react-jsx).
export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'storefront',
    environment: 'jsdom',
    include: ['**/*.test.tsx', '**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/build/**'],
  },
});

// Packages that most runs of the server never touch, or touch only after a while (drawing a captcha,
// cleaning admin HTML, sending a letter), load on their first use rather than at start: every one loaded at
// start is parsed and compiled before the shop answers its first request (docs/deployment.md, "Start").
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's CommonJS exports, required the first time the answered function is called. */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

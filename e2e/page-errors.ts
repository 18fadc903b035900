// What went wrong in a page while a spec drove it: uncaught exceptions and the console's errors, each with
// the address it happened on, so that a spec can end with `expect(errors).toEqual([])`.
import type { Page } from '@playwright/test';

export interface WatchOptions {
  /** Console errors a spec causes on purpose (the browser logs a refused request's 400): left out. */
  expected?: RegExp;
  /** False: uncaught exceptions only (a spec whose refusals the browser logs as failed resources). */
  console?: boolean;
}

export function watchErrors(page: Page, { expected, console = true }: WatchOptions = {}): string[] {
  const errors: string[] = [];
  if (console)
    page.on('console', (m) => {
      if (m.type() === 'error' && !expected?.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
    });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${String(e)}`));
  return errors;
}

// What an administrator must never meet on an admin screen, checked at the widths of a laptop, a small
// laptop and a tablet (1440, 1024, 768 px): a page that scrolls sideways, a form input squeezed under
// 280 px, a regular expression or a JSON object shown as text, or an English word react-admin, MUI or zod
// says by default (on screen or to a screen reader).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

// The measuring runs inside the page: admin-audit-page.js, one arrow function (without prettier's semicolon).
const audit = readFileSync(new URL('./admin-audit-page.js', import.meta.url), 'utf8')
  .trim()
  .replace(/;$/, '');

export const AUDIT_WIDTHS = [1440, 1024, 768] as const;

/** The narrowest a form's text input may be: a phone, an e-mail or a title must fit. */
export const MIN_INPUT_WIDTH = 280;

/**
 * English defaults of react-admin, MUI and zod that leak when a Russian message is missing, as whole
 * words or phrases. Brand and protocol names the shop uses (SMS, Telegram, https) are not among them.
 */
export const ENGLISH_DEFAULTS = [
  'Required',
  'Invalid',
  'expected',
  'received',
  'must be',
  'No results',
  'Rows per page',
  'Actions',
  'Delete',
  'Cancel',
  'Save',
  'Close',
  'Open',
  'Search',
  'Loading',
  'Export',
  'Create',
  'Edit',
  'Show',
  'Refresh',
  'Toggle',
  'Clear',
  'Select all',
  'Add filter',
  'Remove',
  'Go to',
  'page',
  'of',
  'next',
  'previous',
  'Sort',
  'breadcrumb',
  'menu',
  'scroll',
  'string',
  'number',
  'boolean',
  'undefined',
  'null',
  'true',
  'false',
  'NaN',
  'ra.',
  'resources.',
];

export interface AuditFinding {
  width: number;
  kind:
    | 'sideways scroll'
    | 'narrow input'
    | 'hidden tab stop'
    | 'pattern on screen'
    | 'JSON on screen'
    | 'English';
  what: string;
}

/** The findings on the page as it is now, at its current width. */
export async function auditScreen(page: Page, width: number): Promise<AuditFinding[]> {
  const found = await page.evaluate<{ kind: AuditFinding['kind']; what: string }[]>(
    `(${audit})(${JSON.stringify({ minInput: MIN_INPUT_WIDTH, english: ENGLISH_DEFAULTS })})`,
  );
  return found.map((f) => ({ ...f, width }));
}

/** Audits the page at every width, widest first, and leaves it at the widest. */
export async function auditAtWidths(page: Page): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  let last: number = AUDIT_WIDTHS[0];
  for (const width of AUDIT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Crossing 1100 px folds or opens the menu (a 225 ms transition); otherwise the layout follows at once.
    const menuMoves = last >= 1100 !== width >= 1100;
    await page.waitForTimeout(menuMoves ? 300 : 60);
    last = width;
    findings.push(...(await auditScreen(page, width)));
  }
  // The next screen is loaded at the widest; nothing here needs to settle.
  await page.setViewportSize({ width: AUDIT_WIDTHS[0], height: 900 });
  return findings;
}

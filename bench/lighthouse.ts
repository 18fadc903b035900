// The Lighthouse section of `npm run bench`: Lighthouse 12.8's default mobile run (simulated slow 4G and
// a 4× slower CPU) of each storefront page in headless Chromium against the bench's own listening
// server: the four category scores, LCP and CLS, and the audits that fail outside performance.
import type { Result } from 'lighthouse';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from './pages';
import { median } from './util';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// The flags STACK.md lists as working here; never @sparticuz/chromium's own args (--single-process).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRow extends Page {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  cls: number;
  /** Failing accessibility, best-practices and SEO audits: their titles and how many items each. */
  failing: string[];
}

/** CHROME_PATH when set, otherwise the Chromium inside @sparticuz/chromium (as e2e/browser.ts does). */
async function findChrome(): Promise<string> {
  let path = process.env.CHROME_PATH;
  if (!path) {
    const { default: chromium } = await import('@sparticuz/chromium');
    path = await chromium.executablePath();
  }
  if (!path || !existsSync(path))
    throw new Error(
      `No browser for Lighthouse: ${path ?? 'nothing found'}. Set CHROME_PATH to a Chromium binary, run ` +
        '`npm ci` so that @sparticuz/chromium is installed, or pass --no-lighthouse.',
    );
  return path;
}

/** Each page `runs` times (one browser for all); the median of each figure per page. With `reportDir`,
 *  each run's HTML report is written there too. */
export async function benchLighthouse(
  origin: string,
  pages: Page[],
  runs: number,
  reportDir?: string,
): Promise<LighthouseRow[]> {
  const [{ default: lighthouse }, { launch }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await launch({
    chromePath: await findChrome(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(origin + page.url, {
          port: chrome.port,
          logLevel: 'error',
          output: 'html',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        const { runtimeError } = result.lhr;
        if (runtimeError)
          throw new Error(`Lighthouse, ${page.url}: ${runtimeError.code} ${runtimeError.message}`);
        results.push(result.lhr);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          writeFileSync(join(reportDir, `${page.name}-${i + 1}.html`), result.report as string);
        }
      }
      const score = (id: string) =>
        median(results.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));
      const metric = (id: string) => median(results.map((r) => r.audits[id]?.numericValue ?? NaN));
      const failing = new Set<string>();
      for (const lhr of results)
        for (const id of CATEGORIES.slice(1))
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (!ref.weight || !audit || audit.score === null || audit.score >= 1) continue;
            const items = (audit.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
            failing.add(
              `${audit.title}${items ? ` (${items} ${items === 1 ? 'element' : 'elements'})` : ''}`,
            );
          }
      rows.push({
        ...page,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        lcp: metric('largest-contentful-paint'),
        cls: metric('cumulative-layout-shift'),
        failing: [...failing],
      });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(rows: LighthouseRow[], runs: number) {
  console.log(
    `\nLighthouse 12.8, mobile (default settings), ${runs === 1 ? 'one run' : `median of ${runs} runs`}\n`,
  );
  console.log('| page | performance | accessibility | best practices | SEO | LCP ms | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const s = r.scores;
    console.log(
      `| ${r.name} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
        `${r.lcp.toFixed(0)} | ${r.cls.toFixed(3)} |`,
    );
  }
  for (const r of rows)
    if (r.failing.length)
      console.log(`\nFailing audits, ${r.name}:\n${r.failing.map((t) => `- ${t}`).join('\n')}`);
}

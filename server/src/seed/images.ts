// Demo pictures drawn locally (no downloads): SVG product shots, home banners and article covers,
// rendered once to WebP and stored under demo/ in the shop's store (UPLOADS_DIR or the bucket), shared by
// all demo records. The products' own
// pictures (2–4 each) are named by what they show (product-views.ts) and drawn when a seed uses them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type sharpType from 'sharp';
import { onFirstUse } from '../platform/on-first-use';

// libvips loads with the first picture, not at start.
const sharp = onFirstUse<typeof sharpType>('sharp');
import {
  dropperBottle,
  eye,
  glueBottle,
  jadeStone,
  jar,
  join as joinFragments,
  kitBox,
  laptop,
  lashTray,
  microbrushes,
  patches,
  place,
  rollers,
  sachet,
  serumTube,
  tapeRoll,
  tweezers,
  type Fragment,
  gradient,
  svg,
} from './drawings';
import { bannerSources } from './banner-art';
import { productViewSvg } from './product-views';
import type { FileStorage } from '../platform/storage';

const demoImageKey = (name: string) => `demo/${name}.webp`;
export const demoImageUrl = (name: string) => `/uploads/${demoImageKey(name)}`;

/**
 * The pictures of categories, galleries and promotions (reference.ts, customers.ts, content.ts), drawn once
 * for the whole catalogue; the products have their own (product-views.ts).
 */
const PRODUCT_ART: Record<string, () => Fragment> = {
  'lashes-black': () => lashTray('a', '#15131a', '#1c1c21', 'single'),
  'lashes-brown': () => lashTray('a', '#6f4529', '#8a5a3c', 'single'),
  'lashes-blue': () => lashTray('a', '#22408f', '#22408f', 'single'),
  'lashes-mix-black': () => lashTray('a', '#15131a', '#6b2d6f', 'mix'),
  'easyfan-black': () => lashTray('a', '#15131a', '#c2577f', 'fan'),
  'glue-black': () => glueBottle('a', '#34343c'),
  'glue-gold': () => glueBottle('a', '#c9a14a'),
  'glue-sensitive': () => glueBottle('a', '#7cc7b2'),
  'sachet-1': () => sachet('a', '#8e4b93', 1),
  'sachet-2': () => sachet('a', '#2f8f8a', 2),
  'rollers-pink': () => rollers('a', '#f2a7c0'),
  serum: () => serumTube('a', '#f5eef5'),
  'bottle-degreaser': () => dropperBottle('a', '#8cc2ec', '#2f6fa8'),
  'bottle-primer': () => dropperBottle('a', '#f29ab8', '#b83d72'),
  'jar-gel': () => jar('a', '#f7b6cf', '#6b2d6f'),
  'jar-cream': () => jar('a', '#f4efe9', '#c9a14a'),
  'tweezers-straight-silver': () => tweezers('a', 'straight', 'silver'),
  'tweezers-curved-silver': () => tweezers('a', 'curved', 'silver'),
  'tweezers-volume-rose': () => tweezers('a', 'volume', 'rose'),
  'patches-pink': () => patches('a', '#f7a9c4'),
  microbrush: () => microbrushes('a'),
  jade: () => jadeStone('a'),
  tape: () => tapeRoll('a'),
  kit: () => kitBox('a'),
  course: () => laptop('a'),
};

const NEUTRAL =
  '<radialGradient id="bg" cx="50%" cy="38%" r="80%"><stop offset="0" stop-color="#fcfbfa"/><stop offset="1" stop-color="#ebe6e3"/></radialGradient>';

function productSvg(frag: Fragment): string {
  return svg(800, 800, '<rect width="800" height="800" fill="url(#bg)"/>', {
    defs: NEUTRAL + frag.defs,
    body: frag.body,
  });
}

/** Covers of articles and promotions: a product scene on a pastel ground, no text. */
const COVERS: Record<string, { colours: [string, string]; art: () => Fragment }> = {
  'cover-curl': {
    colours: ['#f4ecf5', '#e2c9e4'],
    art: () => ({ defs: '', body: eye(400, 420, 620, '#6b2d6f', 40) }),
  },
  'cover-thickness': {
    colours: ['#f6efe9', '#e8d7c8'],
    art: () => lashTray('c', '#15131a', '#1c1c21', 'mix'),
  },
  'cover-lamination': {
    colours: ['#eaf4f2', '#c7e3dc'],
    art: () =>
      joinFragments(
        place(sachet('c1', '#8e4b93', 1), 0, 40, 0.9),
        place(rollers('c2', '#f2a7c0'), 300, 120, 0.7),
      ),
  },
  'cover-glue': {
    colours: ['#f3f1ee', '#dcd6cf'],
    art: () =>
      joinFragments(place(jadeStone('c1'), 0, 120, 0.75), place(glueBottle('c2', '#c9a14a'), 260, 40, 0.9)),
  },
  'cover-care': {
    colours: ['#fbf0f3', '#f1d3dc'],
    art: () =>
      joinFragments(
        place(serumTube('c1', '#f5eef5'), 40, 60, 0.9),
        place(dropperBottle('c2', '#d69a3a', '#6b2d6f'), 280, 60, 0.9),
      ),
  },
};

function coverSvg(c: { colours: [string, string]; art: () => Fragment }): string {
  const art = place(c.art(), 260, 0, 0.79);
  return svg(1200, 630, '<rect width="1200" height="630" fill="url(#bg)"/>', {
    defs: gradient('bg', c.colours) + art.defs,
    body: art.body,
  });
}

/** The demo images that are always there, by name, as SVG source; product pictures come by name (product-views.ts). */
function sources(): Map<string, () => string> {
  const all = new Map<string, () => string>();
  for (const [name, art] of Object.entries(PRODUCT_ART)) all.set(name, () => productSvg(art()));
  for (const [name, source] of bannerSources()) all.set(name, source);
  for (const [name, c] of Object.entries(COVERS)) all.set(name, () => coverSvg(c));
  return all;
}

// sharp renders on libuv's thread pool; a few at a time keep the SVG sources and pixels of hundreds of
// pictures from being in memory at once, and all cores busy.
const RENDER_POOL = Math.max(2, Math.min(4, availableParallelism()));

/**
 * Pictures rendered on this machine, by a hash of their SVG: every uploads folder (the tests make one per
 * app) copies them from here instead of rendering them again. A folder we cannot write is no cache.
 */
const RENDERED = join(tmpdir(), 'shop-demo-pictures');

/** The picture's WebP, from this machine's cache or rendered (and then cached). */
async function render(source: string): Promise<Buffer> {
  const cached = join(RENDERED, `${createHash('sha256').update(source).digest('hex').slice(0, 40)}.webp`);
  if (existsSync(cached)) return readFileSync(cached);
  const webp = await sharp()(Buffer.from(source)).webp({ quality: 82, effort: 2 }).toBuffer();
  try {
    mkdirSync(RENDERED, { recursive: true });
    // Written aside and renamed, so a run interrupted here never leaves a half file that later runs would copy.
    const aside = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(aside, webp);
    renameSync(aside, cached);
  } catch {
    // No cache then; the picture itself is there.
  }
  return webp;
}

/**
 * Renders the demo images that are not there yet: the fixed ones, and the product pictures named (as
 * products' drafts list them); returns how many it wrote.
 */
export async function ensureDemoImages(
  storage: FileStorage,
  pictures: Iterable<string> = [],
): Promise<number> {
  const all = sources();
  for (const name of pictures) {
    if (all.has(name)) continue;
    all.set(name, () => {
      const source = productViewSvg(name);
      if (source === null) throw new Error(`Seed: no drawing for the picture ${name}`);
      return source;
    });
  }
  // One listing rather than a question per picture: a bucket answers 1000 names a request.
  const stored = new Set<string>();
  for await (const file of storage.list('demo/')) stored.add(file.key);
  const missing = [...all].filter(([name]) => !stored.has(demoImageKey(name)));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const [name, source] = missing[next++]!;
      await storage.put(demoImageKey(name), await render(source()), 'image/webp');
    }
  };
  await Promise.all(Array.from({ length: RENDER_POOL }, worker));
  return missing.length;
}

// Demo pictures drawn locally (no downloads): SVG product shots, home banners and article covers,
// rendered once to WebP under <uploadsDir>/demo/ and shared by all demo records.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
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

export const demoImageUrl = (name: string) => `/uploads/demo/${name}.webp`;

const LASH_TRAYS: Record<string, [string, string]> = {
  black: ['#15131a', '#1c1c21'],
  'dark-brown': ['#3b2418', '#3b2418'],
  brown: ['#6f4529', '#8a5a3c'],
  blue: ['#22408f', '#22408f'],
  green: ['#1f6b45', '#1f6b45'],
  purple: ['#5d2d8a', '#5d2d8a'],
  burgundy: ['#701a2c', '#701a2c'],
  copper: ['#b0622b', '#b0622b'],
};

const PRODUCT_ART: Record<string, () => Fragment> = {
  ...Object.fromEntries(
    Object.entries(LASH_TRAYS).map(([code, [hex, header]]) => [
      `lashes-${code}`,
      () => lashTray('a', hex, header, 'single'),
    ]),
  ),
  'lashes-mix-black': () => lashTray('a', '#15131a', '#6b2d6f', 'mix'),
  'lashes-mix-brown': () => lashTray('a', '#6f4529', '#6b2d6f', 'mix'),
  'easyfan-black': () => lashTray('a', '#15131a', '#c2577f', 'fan'),
  'easyfan-brown': () => lashTray('a', '#6f4529', '#c2577f', 'fan'),
  'glue-black': () => glueBottle('a', '#34343c'),
  'glue-gold': () => glueBottle('a', '#c9a14a'),
  'glue-pink': () => glueBottle('a', '#e58fb0'),
  'glue-sensitive': () => glueBottle('a', '#7cc7b2'),
  'sachet-1': () => sachet('a', '#8e4b93', 1),
  'sachet-2': () => sachet('a', '#2f8f8a', 2),
  'sachet-3': () => sachet('a', '#c48a2e', 3),
  'rollers-pink': () => rollers('a', '#f2a7c0'),
  'rollers-lilac': () => rollers('a', '#c3a6ea'),
  serum: () => serumTube('a', '#f5eef5'),
  oil: () => dropperBottle('a', '#d69a3a', '#6b2d6f'),
  'bottle-degreaser': () => dropperBottle('a', '#8cc2ec', '#2f6fa8'),
  'bottle-primer': () => dropperBottle('a', '#f29ab8', '#b83d72'),
  'bottle-remover': () => dropperBottle('a', '#c7b6ef', '#6b2d6f'),
  'jar-gel': () => jar('a', '#f7b6cf', '#6b2d6f'),
  'jar-cream': () => jar('a', '#f4efe9', '#c9a14a'),
  ...Object.fromEntries(
    (['straight', 'curved', 'volume'] as const).flatMap((shape) =>
      (['silver', 'rose'] as const).map((metal) => [
        `tweezers-${shape}-${metal}`,
        () => tweezers('a', shape, metal),
      ]),
    ),
  ),
  'patches-pink': () => patches('a', '#f7a9c4'),
  'patches-gold': () => patches('a', '#ecc97f'),
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

/** Every demo image by name, as SVG source. */
function sources(): Map<string, () => string> {
  const all = new Map<string, () => string>();
  for (const [name, art] of Object.entries(PRODUCT_ART)) all.set(name, () => productSvg(art()));
  for (const [name, source] of bannerSources()) all.set(name, source);
  for (const [name, c] of Object.entries(COVERS)) all.set(name, () => coverSvg(c));
  return all;
}

/** Renders the demo images that are not there yet; returns how many it wrote. */
export async function ensureDemoImages(uploadsDir: string): Promise<number> {
  const dir = join(uploadsDir, 'demo');
  mkdirSync(dir, { recursive: true });
  const missing = [...sources()].filter(([name]) => !existsSync(join(dir, `${name}.webp`)));
  await Promise.all(
    missing.map(async ([name, source]) => {
      const file = join(dir, `${name}.webp`);
      // Written aside and renamed, so an interrupted run never leaves a half file that would be skipped next time.
      const tmp = `${file}.${process.pid}.tmp`;
      await sharp(Buffer.from(source())).webp({ quality: 82 }).toFile(tmp);
      renameSync(tmp, file);
    }),
  );
  return missing.length;
}

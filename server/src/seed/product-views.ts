// The demo products' pictures, named by what they show: a name such as card-palette-nordlash-3-single-15131a
// is both the file's name and the recipe to draw it, so the seed renders only the pictures its products use
// (images.ts), and products that look alike share one file. Four views:
//   card-<family>-<brand>-<v>-<args>  the catalogue card: the object on the brand's tint, composed by v;
//   shot-<family>-<args>              the object alone on a neutral ground (curl profiles, colour swatch…);
//   zoom-<family>-<args>              a close-up of the object's detail (tweezer tip, wand, loose end…);
//   pack-<family>-<brand>-<args>      the carton in the brand's colour with its wordmark, the object inside.
// Colours are written as six hex digits; every part is [a-z0-9]+.
import {
  carton,
  colourFan,
  curlProfiles,
  dropperBottle,
  eye,
  glueBottle,
  gradient,
  jadeStone,
  jar,
  join,
  kitBox,
  laptop,
  microbrushes,
  palette,
  patches,
  place,
  rollers,
  sachet,
  serumTube,
  softened,
  svg,
  tapeRoll,
  turn,
  tweezers,
  zoom,
  type Fragment,
  type PaletteStyle,
} from './drawings';

interface BrandLook {
  /** The ground of the brand's cards: light centre, deeper edge. */
  tint: [string, string];
  band: string;
  palette: PaletteStyle['shape'];
  bandAt: PaletteStyle['bandAt'];
}

const LOOKS: Record<string, BrandLook> = {
  miralash: { tint: ['#fdf4f7', '#efd3de'], band: '#c2577f', palette: 'rounded', bandAt: 'top' },
  nordlash: { tint: ['#f3f6fa', '#d3deea'], band: '#2f5d8a', palette: 'square', bandAt: 'left' },
  silkara: { tint: ['#f1f8f5', '#cfe6dd'], band: '#1f7a6d', palette: 'pill', bandAt: 'bottom' },
  velora: { tint: ['#f7f1f9', '#e1cfe9'], band: '#6b2d6f', palette: 'arch', bandAt: 'bottom' },
  amberie: { tint: ['#fcf6ee', '#ecd9bf'], band: '#b9782c', palette: 'wide', bandAt: 'top' },
  lashline: { tint: ['#f6f4f2', '#dfd9d5'], band: '#1c1c21', palette: 'rounded', bandAt: 'left' },
};
const NEUTRAL: BrandLook = {
  tint: ['#fcfbfa', '#e9e4e1'],
  band: '#6b2d6f',
  palette: 'rounded',
  bandAt: 'top',
};

const hex = (s: string | undefined) => `#${s ?? '000000'}`;

type TweezerShape = Parameters<typeof tweezers>[1];
type Metal = Parameters<typeof tweezers>[2];

/** Where the tip of tweezers drawn by `tweezers` lands in the 800 × 800 space. */
function tweezerTip(shape: TweezerShape): [number, number] {
  const tipX = { straight: 0, curved: 46, volume: 70 }[shape];
  const tipY = shape === 'straight' ? 570 : shape === 'curved' ? 570 * (0.72 + 0.28 * 0.82) : 570 * 0.9;
  // The drawing's transform: translate(350 105) rotate(-24 70 285).
  const a = (-24 * Math.PI) / 180;
  const [dx, dy] = [tipX - 70, tipY - 285];
  return [350 + 70 + dx * Math.cos(a) - dy * Math.sin(a), 105 + 285 + dx * Math.sin(a) + dy * Math.cos(a)];
}

interface Family {
  /** The object, drawn for 800 × 800; v varies it on cards (0 elsewhere). */
  draw(p: string, a: string[], look: BrandLook, v: number): Fragment;
  /** The zoomed view: the point to look at and how much closer. */
  detail?: (a: string[]) => [number, number, number];
  /** The carton's shape on the packaging view. */
  box?: 'flat' | 'tall' | 'cube';
}

const FAMILIES: Record<string, Family> = {
  // a: mode (single, mix, fan), lash colour.
  palette: {
    draw: (p, [mode, lash], look, v) =>
      palette(
        p,
        hex(lash),
        { shape: look.palette, band: look.band, bandAt: look.bandAt },
        mode === 'mix' || mode === 'fan' ? mode : 'single',
        [10, 12, 8, 14, 11, 9][v % 6]!,
      ),
    box: 'flat',
  },
  // a: lash colour, then the curls.
  curls: { draw: (p, [lash, ...curls]) => curlProfiles(p, hex(lash), curls) },
  swatch: { draw: (p, [lash]) => colourFan(p, hex(lash)) },
  // a: cap colour; the brand's colour when there is none (on the brand's carton).
  glue: { draw: (p, [cap], look) => glueBottle(p, cap ? hex(cap) : look.band), box: 'tall' },
  // The bottle open on its side by the jade stone, a drop of glue on the stone.
  gluedrop: {
    draw: (p, [cap]) =>
      join(
        place(jadeStone(`${p}j`), -30, 150, 0.78),
        place(turn(glueBottle(`${p}g`, hex(cap)), -58), 250, 120, 0.78),
      ),
  },
  tweezers: {
    draw: (p, [shape, metal]) => tweezers(p, shape as TweezerShape, metal as Metal),
    detail: ([shape]) => [...tweezerTip(shape as TweezerShape), 2.4],
  },
  // a: panel colour, step.
  sachet: { draw: (p, [colour, step]) => sachet(p, hex(colour), Number(step), false), box: 'cube' },
  // The three steps fanned out.
  sachets: {
    draw: (p) =>
      join(
        place(turn(sachet(`${p}1`, '#8e4b93', 1, false), -14), -10, 70, 0.78),
        place(sachet(`${p}2`, '#2f8f8a', 2, false), 88, 40, 0.78),
        place(turn(sachet(`${p}3`, '#c48a2e', 3, false), 14), 186, 70, 0.78),
      ),
  },
  rollers: { draw: (p, [colour]) => rollers(p, hex(colour)), detail: () => [400, 380, 1.5], box: 'cube' },
  dropper: {
    draw: (p, [liquid, accent]) => dropperBottle(p, hex(liquid), hex(accent)),
    detail: () => [400, 330, 1.7],
    box: 'tall',
  },
  serum: { draw: (p, [body]) => serumTube(p, hex(body)), detail: () => [520, 430, 1.7], box: 'tall' },
  jar: { draw: (p, [content, lid]) => jar(p, hex(content), hex(lid)), box: 'cube' },
  patches: { draw: (p, [colour]) => patches(p, hex(colour)), detail: () => [400, 360, 1.45], box: 'flat' },
  brushes: { draw: (p) => microbrushes(p), detail: () => [400, 300, 1.8], box: 'tall' },
  jade: { draw: (p) => jadeStone(p), detail: () => [400, 430, 1.7] },
  tape: { draw: (p) => tapeRoll(p), detail: () => [540, 500, 1.6] },
  kit: { draw: (p) => kitBox(p), box: 'cube' },
  course: { draw: (p) => laptop(p) },
  // a: iris colour.
  eye: { draw: (_p, [iris]) => ({ defs: '', body: eye(400, 430, 640, hex(iris), 40) }) },
};

const ground = (look: BrandLook) =>
  `<radialGradient id="bg" cx="50%" cy="38%" r="80%"><stop offset="0" stop-color="${look.tint[0]}"/><stop offset="1" stop-color="${look.tint[1]}"/></radialGradient>`;

const page = (look: BrandLook, frag: Fragment) =>
  svg(800, 800, '<rect width="800" height="800" fill="url(#bg)"/>', {
    defs: ground(look) + frag.defs,
    body: frag.body,
  });

/**
 * A card: v picks the composition (alone, on a disc of the brand's colour, on a podium, or with a second one
 * behind), the angle and the offset, so products of one brand in one category look different at a glance.
 */
function card(name: string, look: BrandLook, v: number, a: string[]): string {
  const family = FAMILIES[name]!;
  const angle = ((v * 7) % 19) - 9;
  const dx = ((v % 5) - 2) * 14;
  const object = turn(softened(family.draw('o', a, look, v)), angle);
  const at = (x: number, y: number, k: number) => place(object, x + dx, y, k).body;
  let defs = object.defs;
  let body: string;
  switch (v % 4) {
    case 1:
      body = `<circle cx="400" cy="380" r="290" fill="${look.band}" opacity=".09"/>` + at(60, 56, 0.85);
      break;
    case 2:
      defs += gradient('podium', ['#ffffff', look.tint[1]]);
      body =
        `<ellipse cx="400" cy="650" rx="320" ry="60" fill="url(#podium)" stroke="${look.band}" stroke-opacity=".15" stroke-width="3"/>` +
        at(68, 30, 0.83);
      break;
    case 3:
      body = `<g opacity=".55">${at(250, 40, 0.6)}</g>` + at(-10, 110, 0.8);
      break;
    default:
      body = at(44, 40, 0.89);
  }
  // Every fourth line one more thing on the table, right or left: tweezers or a jade stone (not the product's own kind).
  const extra = Math.floor(v / 4) % 3;
  if (extra) {
    const jade = name === 'tweezers' || (name !== 'jade' && extra === 2);
    const right = extra === 1;
    const prop = jade
      ? place(softened(jadeStone('x')), right ? 540 : -20, 500, 0.36)
      : place(softened(tweezers('x', 'straight', 'silver')), right ? 470 : -100, 350, 0.5);
    defs += prop.defs;
    body += prop.body;
  }
  return page(look, { defs, body });
}

function pack(family: Family, look: BrandLook, brand: string, a: string[]): string {
  const inside = softened(family.draw('i', a, look, 0));
  return page(
    NEUTRAL,
    carton('c', { band: look.band, wordmark: brand.toUpperCase(), shape: family.box ?? 'cube', inside }),
  );
}

const PART = /^[a-z0-9]+$/;

/** A picture's name from its view, family and parts; `#` of colours is dropped. */
export function viewName(
  view: 'card' | 'shot' | 'zoom' | 'pack',
  family: string,
  ...parts: (string | number)[]
) {
  const all = [view, family, ...parts.map((x) => String(x).replace('#', '').toLowerCase())];
  if (!FAMILIES[family] || all.some((x) => !PART.test(x)))
    throw new Error(`Seed: bad picture ${all.join('-')}`);
  return all.join('-');
}

/** A card's name: the family's object on the brand's ground, composed by v. */
export const cardName = (family: string, brand: string, v: number, ...parts: (string | number)[]) =>
  viewName('card', family, brand, v, ...parts);

/** The SVG of a picture named by viewName, or null for a name that is not one. */
export function productViewSvg(name: string): string | null {
  const [view, familyName = '', ...rest] = name.split('-');
  const family = FAMILIES[familyName];
  if (!family) return null;
  switch (view) {
    case 'card': {
      const [brand = '', v = '0', ...a] = rest;
      return card(familyName, LOOKS[brand] ?? NEUTRAL, Number(v), a);
    }
    case 'pack': {
      const [brand = '', ...a] = rest;
      return pack(family, LOOKS[brand] ?? NEUTRAL, brand, a);
    }
    case 'shot':
      return page(NEUTRAL, place(softened(family.draw('o', rest, NEUTRAL, 0)), 40, 40, 0.9));
    case 'zoom': {
      const [x, y, k] = family.detail?.(rest) ?? [400, 400, 1.8];
      return page(NEUTRAL, zoom(softened(family.draw('o', rest, NEUTRAL, 0)), x, y, k));
    }
    default:
      return null;
  }
}

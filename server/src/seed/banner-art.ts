// Home banners drawn locally: plain backgrounds (no lettering) for the demo banners of
// server/src/seed/content.ts, whose headline, text and button the storefront sets in the site's typeface.
// The desktop picture keeps its left side calm for the text, the phone picture its top. The names end in
// "-bg": pictures already on disk are never redrawn, so the earlier ones with baked-in text stay unused.
import {
  eye,
  gradient,
  join as joinFragments,
  kitBox,
  lashTray,
  place,
  sachet,
  svg,
  type Fragment,
} from './drawings';

export interface BannerArt {
  name: string;
  /** Top-left and bottom-right colours of the background gradient. */
  colours: [string, string];
  /** Lashes in the eye behind the art: white on a dark background, the accent on a light one. */
  line: string;
  /** The picture, drawn for an 800 × 800 space. */
  art: () => Fragment;
}

export const BANNER_ART: BannerArt[] = [
  {
    name: 'banner-easy-fan',
    colours: ['#4a1c50', '#a5527f'],
    line: '#ffffff',
    art: () => lashTray('b', '#15131a', '#c2577f', 'fan'),
  },
  {
    name: 'banner-lamination',
    colours: ['#f2f8f6', '#bfe0d7'],
    line: '#2f6f73',
    art: () =>
      joinFragments(
        place(sachet('b1', '#8e4b93', 1), 0, 60, 0.62),
        place(sachet('b2', '#2f8f8a', 2), 200, 0, 0.62),
        place(sachet('b3', '#c48a2e', 3), 400, 60, 0.62),
      ),
  },
  {
    name: 'banner-delivery',
    colours: ['#4f2153', '#c06b93'],
    line: '#ffffff',
    art: () => kitBox('b'),
  },
];

// The sizes the admin's help asks for (1384 × 400 and 750 × 600), drawn in that space and written larger
// for sharp screens: the image route makes the smaller variants.
const DESKTOP = { width: 1384, height: 400, scale: 1.5 };
const MOBILE = { width: 750, height: 600, scale: 2 };

function document(size: { width: number; height: number; scale: number }, frag: Fragment): string {
  const { width: w, height: h, scale } = size;
  return svg(w, h, `<rect width="${w}" height="${h}" fill="url(#bg)"/>`, frag).replace(
    `width="${w}" height="${h}"`,
    `width="${w * scale}" height="${h * scale}"`,
  );
}

/** Art on the right, from about x = 760; the left half is the gradient alone. */
function bannerDesktop(b: BannerArt): string {
  const art = place(b.art(), 930, 0, 0.5);
  return document(DESKTOP, {
    defs: gradient('bg', b.colours) + art.defs,
    body:
      `<g opacity=".14">${eye(1130, 215, 620, b.line, 40)}</g>` +
      `<circle cx="1130" cy="200" r="190" fill="#fff" opacity=".16"/>` +
      art.body,
  });
}

/** Art in the lower right corner, below y ≈ 300 and right of x ≈ 420; the top is the gradient alone. */
function bannerMobile(b: BannerArt): string {
  const art = place(b.art(), 350, 250, 0.5);
  return document(MOBILE, {
    defs: gradient('bg', b.colours) + art.defs,
    body: `<circle cx="560" cy="460" r="190" fill="#fff" opacity=".16"/>` + art.body,
  });
}

/** The Easy fan promotion's card (1200 × 630): the lash tray alone, no lettering. */
function promotionEasyFan(): string {
  const b = BANNER_ART[0]!;
  const art = place(b.art(), 340, -10, 0.8);
  return svg(1200, 630, '<rect width="1200" height="630" fill="url(#bg)"/>', {
    defs: gradient('bg', b.colours) + art.defs,
    body:
      `<g opacity=".14">${eye(600, 330, 1000, b.line, 44)}</g>` +
      `<circle cx="660" cy="315" r="280" fill="#fff" opacity=".16"/>` +
      art.body,
  });
}

/** The banners' pictures (and the Easy fan promotion's) by name, as SVG source. */
export function bannerSources(): [string, () => string][] {
  return [
    ...BANNER_ART.flatMap((b): [string, () => string][] => [
      [`${b.name}-desktop-bg`, () => bannerDesktop(b)],
      [`${b.name}-mobile-bg`, () => bannerMobile(b)],
    ]),
    ['promo-easy-fan', promotionEasyFan],
  ];
}

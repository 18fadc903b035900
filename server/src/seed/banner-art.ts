// Home banners drawn locally: desktop and phone pictures for the demo banners of server/src/seed/content.ts.
import {
  FONT,
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

export interface BannerDef {
  name: string;
  title: string;
  mobileTitle: string[];
  subtitle: string;
  mobileSubtitle: string[];
  colours: [string, string];
  art: () => Fragment;
}

export const BANNERS: BannerDef[] = [
  {
    name: 'banner-easy-fan',
    title: 'Лёгкие ресницы Easy fan',
    mobileTitle: ['Лёгкие ресницы', 'Easy fan'],
    subtitle: 'Пучок за одно касание — скидка 15 % до конца месяца',
    mobileSubtitle: ['Пучок за одно касание —', 'скидка 15 % до конца месяца'],
    colours: ['#54215a', '#b0548a'],
    art: () => lashTray('b', '#15131a', '#c2577f', 'fan'),
  },
  {
    name: 'banner-lamination',
    title: 'Всё для ламинирования',
    mobileTitle: ['Всё для', 'ламинирования'],
    subtitle: 'Составы, валики и уход от ведущих брендов',
    mobileSubtitle: ['Составы, валики и уход', 'от ведущих брендов'],
    colours: ['#2f6f73', '#7cb8a8'],
    art: () =>
      joinFragments(
        place(sachet('b1', '#8e4b93', 1), -60, 40, 0.8),
        place(sachet('b2', '#2f8f8a', 2), 120, 0, 0.8),
        place(sachet('b3', '#c48a2e', 3), 300, 40, 0.8),
      ),
  },
  {
    name: 'banner-delivery',
    title: 'Бесплатная доставка от 5 000 ₽',
    mobileTitle: ['Бесплатная доставка', 'от 5 000 ₽'],
    subtitle: 'СДЭК, Почта России и курьер по Москве',
    mobileSubtitle: ['СДЭК, Почта России', 'и курьер по Москве'],
    colours: ['#6b2d6f', '#d77fa1'],
    art: () => kitBox('b'),
  },
];

const text = (x: number, y: number, size: number, s: string, weight = 400, fill = '#fff') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${s}</text>`;

function bannerDesktop(b: BannerDef): string {
  const art = place(b.art(), 1270, 20, 0.76);
  return svg(
    1920,
    640,
    `<rect width="1920" height="640" fill="url(#bg)"/><g opacity=".16">${eye(1560, 330, 900, '#ffffff', 44)}</g>`,
    {
      defs: gradient('bg', b.colours) + art.defs,
      body:
        `<circle cx="1580" cy="330" r="300" fill="#fff" opacity=".14"/>` +
        art.body +
        text(140, 270, 62, b.title, 700) +
        text(140, 340, 32, b.subtitle) +
        `<rect x="140" y="410" width="250" height="66" rx="33" fill="#fff"/>` +
        text(186, 453, 28, 'Подробнее', 700, b.colours[0]),
    },
  );
}

function bannerMobile(b: BannerDef): string {
  const art = place(b.art(), 110, 380, 0.72);
  return svg(800, 1000, '<rect width="800" height="1000" fill="url(#bg)"/>', {
    defs: gradient('bg', b.colours) + art.defs,
    body:
      `<circle cx="400" cy="660" r="260" fill="#fff" opacity=".14"/>` +
      art.body +
      b.mobileTitle.map((line, i) => text(60, 120 + i * 70, 60, line, 700)).join('') +
      b.mobileSubtitle
        .map((line, i) => text(60, 120 + b.mobileTitle.length * 70 + 10 + i * 42, 32, line))
        .join(''),
  });
}

/** The banners' pictures by name, as SVG source. */
export function bannerSources(): [string, () => string][] {
  return BANNERS.flatMap((b): [string, () => string][] => [
    [`${b.name}-desktop`, () => bannerDesktop(b)],
    [`${b.name}-mobile`, () => bannerMobile(b)],
  ]);
}

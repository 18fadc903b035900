// Product-shot style SVG drawings for the demo images, one function per kind of product. Each returns
// a fragment in an 800 × 800 space (its <defs> and its body), so a kit or a banner can reuse it
// scaled; `p` prefixes the gradient ids so that fragments can share one document.
export interface Fragment {
  defs: string;
  body: string;
}

const f = (n: number) => Math.round(n * 10) / 10;
export const FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif';

function linear(id: string, stops: string[], vertical = false): string {
  const step = 1 / (stops.length - 1);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((c, i) => `<stop offset="${f(i * step)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** A soft contact shadow under an object. */
export const shadow = (p: string, cx: number, cy: number, rx: number, ry = 22): Fragment => ({
  defs: `<filter id="${p}blur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="16"/></filter>`,
  body: `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3a2a30" opacity=".18" filter="url(#${p}blur)"/>`,
});

/**
 * The same fragment with the blurred shadows of `shadow` drawn as gradients instead: a blur filter is most of
 * the time sharp takes to render a product shot, and a gradient looks much the same.
 */
export function softened(frag: Fragment): Fragment {
  return {
    defs: frag.defs.replace(
      /<filter id="([^"]+blur)"[^>]*><feGaussianBlur stdDeviation="16"\/><\/filter>/g,
      '<radialGradient id="$1"><stop offset="0" stop-color="#3a2a30" stop-opacity=".24"/><stop offset=".6" stop-color="#3a2a30" stop-opacity=".09"/><stop offset="1" stop-color="#3a2a30" stop-opacity="0"/></radialGradient>',
    ),
    body: frag.body.replace(/fill="#3a2a30" opacity="\.18" filter="url\(#([^)]+blur)\)"/g, 'fill="url(#$1)"'),
  };
}

export function join(...parts: Fragment[]): Fragment {
  return { defs: parts.map((x) => x.defs).join(''), body: parts.map((x) => x.body).join('') };
}

/** A lash tray: a card with a coloured header and rows of lashes on tape; mix rows grow in length. */
export function lashTray(p: string, hex: string, header: string, mode: 'single' | 'mix' | 'fan'): Fragment {
  const rows: string[] = [];
  for (let r = 0; r < 11; r++) {
    const base = 262 + r * 40;
    const len = mode === 'mix' ? 17 + r * 1.5 : 25;
    let d = '';
    if (mode === 'fan') {
      for (let g = 0; g < 13; g++) {
        const cx = 252 + g * 22.5;
        for (let k = -2; k <= 2; k++) {
          const a = (k * 11 * Math.PI) / 180;
          d += `M${f(cx)} ${base}q${f(Math.sin(a) * len * 0.4 + 2)} ${f(-len * 0.5)} ${f(Math.sin(a) * len + 4)} ${f(-Math.cos(a) * len)}`;
        }
      }
    } else {
      for (let i = 0; i < 66; i++) {
        const x = 244 + i * 4.5;
        d += `M${f(x)} ${base}c0 ${f(-len * 0.5)} ${f(len * 0.1)} ${f(-len * 0.8)} ${f(len * 0.32)} ${f(-len)}`;
      }
    }
    rows.push(
      `<path d="${d}" fill="none" stroke="${hex}" stroke-width="1.3" stroke-linecap="round"/>` +
        `<rect x="236" y="${base - 3}" width="308" height="9" rx="2" fill="#ece7e4" opacity=".95"/>` +
        `<rect x="552" y="${base - 9}" width="18" height="7" rx="2" fill="#d8d1cd"/>`,
    );
  }
  return join(shadow(p, 400, 712, 230), {
    defs: `<filter id="${p}card" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>`,
    body:
      `<rect x="206" y="112" width="400" height="600" rx="18" fill="#000" opacity=".12" filter="url(#${p}card)"/>` +
      `<rect x="200" y="100" width="400" height="600" rx="18" fill="#fff" stroke="#e6e0dd"/>` +
      `<path d="M200 190V118a18 18 0 0 1 18-18h364a18 18 0 0 1 18 18v72z" fill="${header}"/>` +
      `<circle cx="244" cy="145" r="17" fill="none" stroke="#fff" stroke-width="4"/>` +
      `<rect x="276" y="132" width="130" height="11" rx="5" fill="#fff" opacity=".95"/>` +
      `<rect x="276" y="152" width="86" height="8" rx="4" fill="#fff" opacity=".6"/>` +
      `<rect x="500" y="134" width="70" height="24" rx="12" fill="none" stroke="#fff" stroke-width="2" opacity=".8"/>` +
      rows.join(''),
  });
}

/** A black glue bottle with a coloured cap and a label. */
export function glueBottle(p: string, cap: string): Fragment {
  return join(shadow(p, 400, 650, 120), {
    defs:
      linear(`${p}glass`, ['#0c0c0f', '#3d3d47', '#17171b', '#2a2a31']) +
      linear(`${p}cap`, [shade(cap, -30), shade(cap, 35), cap, shade(cap, -20)]),
    body:
      `<rect x="330" y="330" width="140" height="315" rx="24" fill="url(#${p}glass)"/>` +
      `<path d="M330 360q0-62 50-68h40q50 6 50 68z" fill="url(#${p}glass)"/>` +
      `<rect x="376" y="258" width="48" height="40" fill="#1b1b20"/>` +
      `<rect x="356" y="128" width="88" height="140" rx="14" fill="url(#${p}cap)"/>` +
      [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<rect x="${366 + i * 13}" y="142" width="3" height="112" rx="1.5" fill="#000" opacity=".12"/>`,
        )
        .join('') +
      `<rect x="344" y="420" width="112" height="165" rx="8" fill="#fbfaf9"/>` +
      `<rect x="344" y="438" width="112" height="30" fill="${cap}"/>` +
      `<rect x="360" y="490" width="80" height="9" rx="4" fill="#2a2a30"/>` +
      `<rect x="360" y="510" width="56" height="7" rx="3" fill="#9a969a"/>` +
      `<rect x="360" y="548" width="36" height="16" rx="3" fill="none" stroke="#2a2a30" stroke-width="2"/>` +
      `<rect x="340" y="348" width="11" height="270" rx="5" fill="#fff" opacity=".16"/>`,
  });
}

/** A foil sachet of a lamination step: crimped edges, a coloured panel with the step number (or as many dots). */
export function sachet(p: string, colour: string, step: number, numbered = true): Fragment {
  let top = 'M262 170';
  let bottom = '';
  for (let i = 0; i < 14; i++) {
    top += `l${f(276 / 28)} -12l${f(276 / 28)} 12`;
    bottom = `l${f(-276 / 28)} 12l${f(-276 / 28)} -12` + bottom;
  }
  const outline = `${top}V640${bottom}z`;
  return join(shadow(p, 400, 672, 170), {
    defs: linear(`${p}foil`, ['#c9c9cf', '#f6f6f8', '#d4d4da', '#fbfbfc', '#c2c2c8']),
    body:
      `<path d="${outline}" fill="url(#${p}foil)" stroke="#b9b9c0"/>` +
      [188, 196, 204, 606, 614, 622]
        .map((y) => `<rect x="266" y="${y}" width="268" height="2" fill="#a9a9b1" opacity=".5"/>`)
        .join('') +
      `<path d="M262 232l14 8-14 8z" fill="#f3f0ee"/>` +
      `<rect x="292" y="268" width="216" height="290" rx="18" fill="${colour}"/>` +
      `<circle cx="400" cy="372" r="62" fill="#fff"/>` +
      (numbered
        ? `<text x="400" y="400" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="80" fill="${colour}">${step}</text>`
        : Array.from(
            { length: step },
            (_, i) => `<circle cx="${f(400 + (i - (step - 1) / 2) * 34)}" cy="372" r="13" fill="${colour}"/>`,
          ).join('')) +
      `<rect x="330" y="460" width="140" height="12" rx="6" fill="#fff" opacity=".95"/>` +
      `<rect x="352" y="486" width="96" height="9" rx="4" fill="#fff" opacity=".65"/>` +
      `<rect x="368" y="516" width="64" height="9" rx="4" fill="#fff" opacity=".45"/>`,
  });
}

/** A glass dropper bottle: degreaser, primer, liquid remover or oil, by the liquid's colour. */
export function dropperBottle(p: string, liquid: string, accent: string): Fragment {
  return join(shadow(p, 400, 660, 130), {
    defs:
      linear(`${p}liq`, [shade(liquid, -25), shade(liquid, 25), liquid, shade(liquid, -15)]) +
      linear(`${p}cap`, ['#111', '#4a4a52', '#1a1a1e']),
    body:
      `<path d="M322 420q0-50 48-58h60q48 8 48 58v200q0 32-32 32H354q-32 0-32-32z" fill="url(#${p}liq)" opacity=".92"/>` +
      `<path d="M322 420q0-50 48-58h60q48 8 48 58v200q0 32-32 32H354q-32 0-32-32z" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>` +
      `<rect x="366" y="322" width="68" height="44" rx="6" fill="url(#${p}cap)"/>` +
      `<path d="M380 326V210q0-58 20-58t20 58v116z" fill="#2b2b30"/>` +
      `<rect x="336" y="462" width="128" height="132" rx="8" fill="#fff" opacity=".94"/>` +
      `<rect x="336" y="478" width="128" height="24" fill="${accent}"/>` +
      `<rect x="354" y="522" width="92" height="9" rx="4" fill="#333"/>` +
      `<rect x="354" y="542" width="60" height="7" rx="3" fill="#999"/>` +
      `<rect x="334" y="410" width="10" height="200" rx="5" fill="#fff" opacity=".3"/>`,
  });
}

/** A slim tube with a gold cap and a wand, as lash serums come. */
export function serumTube(p: string, body: string): Fragment {
  return join(shadow(p, 400, 668, 90, 16), {
    defs:
      linear(`${p}gold`, ['#a77d3c', '#f3dba0', '#c59a52', '#e9cd8c']) +
      linear(`${p}tube`, [shade(body, -12), '#ffffff', body, shade(body, -18)]),
    body:
      `<rect x="362" y="300" width="76" height="362" rx="16" fill="url(#${p}tube)" stroke="#e0d8d6"/>` +
      `<rect x="362" y="128" width="76" height="180" rx="14" fill="url(#${p}gold)"/>` +
      `<rect x="378" y="380" width="44" height="8" rx="4" fill="#6b2d6f"/>` +
      `<rect x="384" y="400" width="32" height="150" rx="4" fill="#6b2d6f" opacity=".12"/>` +
      `<g transform="rotate(28 560 420)"><rect x="552" y="250" width="14" height="250" rx="7" fill="url(#${p}gold)"/>` +
      `<rect x="554" y="490" width="10" height="70" rx="3" fill="#333"/>` +
      Array.from(
        { length: 9 },
        (_, i) => `<rect x="546" y="${496 + i * 7}" width="26" height="3" rx="1.5" fill="#222"/>`,
      ).join('') +
      `</g>`,
  });
}

/** A jar of gel or cream remover. */
export function jar(p: string, content: string, lid: string): Fragment {
  return join(shadow(p, 400, 632, 170), {
    defs:
      linear(`${p}body`, [shade(content, -20), shade(content, 20), content, shade(content, -25)]) +
      linear(`${p}lid`, [shade(lid, -30), shade(lid, 30), lid, shade(lid, -30)]),
    body:
      `<rect x="268" y="410" width="264" height="218" rx="30" fill="url(#${p}body)"/>` +
      `<rect x="258" y="350" width="284" height="80" rx="18" fill="url(#${p}lid)"/>` +
      Array.from(
        { length: 22 },
        (_, i) =>
          `<rect x="${268 + i * 12.5}" y="358" width="3" height="64" rx="1.5" fill="#000" opacity=".08"/>`,
      ).join('') +
      `<rect x="298" y="470" width="204" height="112" rx="10" fill="#fff" opacity=".95"/>` +
      `<rect x="298" y="486" width="204" height="22" fill="${lid}"/>` +
      `<rect x="328" y="528" width="144" height="10" rx="5" fill="#333"/>` +
      `<rect x="354" y="552" width="92" height="8" rx="4" fill="#999"/>`,
  });
}

type TweezerShape = 'straight' | 'curved' | 'volume';

/** Tweezers: two tapered blades joined at the top, built around a centre line that bends at the tip. */
export function tweezers(p: string, shape: TweezerShape, metal: 'silver' | 'rose'): Fragment {
  const L = 570;
  const centre = (t: number): [number, number] => {
    const y = t * L;
    if (shape === 'straight' || t < 0.72) return [0, y];
    const u = (t - 0.72) / 0.28;
    if (shape === 'curved') return [46 * u * u, 0.72 * L + u * 0.28 * L * (1 - 0.18 * u)];
    // Volume tweezers: a short straight run, then the tip turns almost square.
    return u < 0.55
      ? [0, y]
      : [70 * ((u - 0.55) / 0.45) ** 1.4, 0.72 * L + 0.55 * 0.28 * L + (u - 0.55) * 0.28 * L * 0.55];
  };
  const blade = (side: number) => {
    const left: string[] = [];
    const right: string[] = [];
    const n = 60;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const [cx, cy] = centre(t);
      const [nx, ny] = centre(Math.min(1, t + 0.01));
      const len = Math.hypot(nx - cx, ny - cy) || 1;
      // The normal to the centre line; blades sit either side of it and meet at the tip.
      const ox = (ny - cy) / len;
      const oy = -(nx - cx) / len;
      const gap = side * (19 * (1 - t) + 1.6);
      const w = 14 * (1 - t) + 1.8;
      left.push(`${f(cx + ox * (gap - w))} ${f(cy + oy * (gap - w))}`);
      right.push(`${f(cx + ox * (gap + w))} ${f(cy + oy * (gap + w))}`);
    }
    return `M${left.join('L')}L${right.reverse().join('L')}z`;
  };
  const stops =
    metal === 'silver'
      ? ['#7f838a', '#f1f2f4', '#a4a8ae', '#e6e8eb', '#8c9096']
      : ['#a86f5d', '#f6d8ca', '#c38c78', '#f0cbbb', '#b27c69'];
  return join(shadow(p, 400, 690, 240, 18), {
    defs: linear(`${p}metal`, stops),
    body:
      `<g transform="translate(350 105) rotate(-24 70 285)">` +
      `<path d="${blade(-1)}" fill="url(#${p}metal)" stroke="#6d7076" stroke-width=".8"/>` +
      `<path d="${blade(1)}" fill="url(#${p}metal)" stroke="#6d7076" stroke-width=".8"/>` +
      `<path d="M-34 0h68v18q0 10-10 10h-48q-10 0-10-10z" fill="url(#${p}metal)" stroke="#6d7076" stroke-width=".8"/>` +
      Array.from(
        { length: 10 },
        (_, i) => `<rect x="-30" y="${190 + i * 9}" width="60" height="2.5" fill="#000" opacity=".12"/>`,
      ).join('') +
      `</g>`,
  });
}

/** Silicone lifting pads: three pairs of crescents, small to large, with a ribbed surface. */
export function rollers(p: string, colour: string): Fragment {
  let body = '';
  [0, 1, 2].forEach((row) => {
    const w = 170 + row * 30;
    const h = 60 + row * 10;
    const cy = 270 + row * 150;
    for (const cx of [400 - w / 2 - 25, 400 + w / 2 + 25]) {
      body +=
        `<path d="M${f(cx - w / 2)} ${cy}Q${f(cx)} ${cy - h * 2} ${f(cx + w / 2)} ${cy}Q${f(cx)} ${f(cy - h * 0.9)} ${f(cx - w / 2)} ${cy}z" fill="url(#${p}sil)"/>` +
        Array.from({ length: 7 }, (_, i) => {
          const x = cx - w * 0.3 + i * w * 0.1;
          return `<path d="M${f(x)} ${f(cy - h * 0.62)}l0 ${f(-h * 0.3)}" stroke="#fff" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>`;
        }).join('');
    }
  });
  return join(shadow(p, 400, 640, 260), {
    defs: linear(`${p}sil`, [shade(colour, 25), colour, shade(colour, -18)], true),
    body,
  });
}

/** Under-eye patches: three pairs of translucent crescents. */
export function patches(p: string, colour: string): Fragment {
  let body = '';
  [0, 1, 2].forEach((row) => {
    const cy = 215 + row * 150;
    for (const [cx, flip] of [
      [290, -1],
      [510, 1],
    ] as const) {
      const tilt = flip * 8;
      body +=
        `<g transform="rotate(${tilt} ${cx} ${cy})"><path d="M${cx - 110} ${cy}Q${cx} ${cy + 150} ${cx + 110} ${cy}Q${cx} ${cy + 40} ${cx - 110} ${cy}z" fill="url(#${p}gel)" opacity=".92"/>` +
        `<path d="M${cx - 70} ${cy + 30}Q${cx} ${cy + 80} ${cx + 60} ${cy + 34}" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".55"/></g>`;
    }
  });
  return join(shadow(p, 400, 660, 250), {
    defs: linear(`${p}gel`, [shade(colour, 30), colour, shade(colour, -12)], true),
    body,
  });
}

/** A clear tube of microbrushes with coloured tips, and a few lying in front. */
export function microbrushes(p: string): Fragment {
  const tips = ['#f28bb0', '#b79ae8', '#7fd1b9', '#f5c84c', '#7fb2f0'];
  let sticks = '';
  for (let i = 0; i < 13; i++) {
    const x = 346 + i * 9;
    const top = 220 + (i % 3) * 14;
    const lean = (i - 6) * 2.4;
    sticks += `<path d="M${x} 620L${f(x + lean)} ${top}" stroke="#e9e9ee" stroke-width="4"/><circle cx="${f(x + lean)}" cy="${top}" r="8" fill="${tips[i % tips.length]}"/>`;
  }
  const lying = [0, 1, 2]
    .map(
      (i) =>
        `<g transform="rotate(${-12 + i * 9} 560 620)"><rect x="470" y="${612 + i * 6}" width="170" height="4" rx="2" fill="#e2e2e8"/><circle cx="640" cy="${614 + i * 6}" r="8" fill="${tips[i + 1]}"/></g>`,
    )
    .join('');
  return join(shadow(p, 420, 656, 190), {
    defs: linear(`${p}tube`, ['#dfe6ec', '#ffffff', '#e6ecf1'], false),
    body:
      sticks +
      `<rect x="330" y="300" width="140" height="340" rx="18" fill="url(#${p}tube)" opacity=".55" stroke="#c9d2da" stroke-width="2"/>` +
      `<rect x="344" y="420" width="112" height="120" rx="6" fill="#fff" opacity=".9"/><rect x="344" y="434" width="112" height="20" fill="#6b2d6f"/>` +
      `<rect x="362" y="476" width="76" height="9" rx="4" fill="#444"/>` +
      lying,
  });
}

/** A jade stone with veins and a drop of glue. */
export function jadeStone(p: string): Fragment {
  return join(shadow(p, 400, 612, 190), {
    defs: `<radialGradient id="${p}jade" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#9bd1b0"/><stop offset=".55" stop-color="#4f9772"/><stop offset="1" stop-color="#2a6249"/></radialGradient>`,
    body:
      `<rect x="230" y="270" width="340" height="330" rx="80" fill="url(#${p}jade)"/>` +
      `<path d="M260 360q80-40 140 10t150-10M270 500q90 30 160-20t120 10" fill="none" stroke="#d8f0e0" stroke-width="3" opacity=".35"/>` +
      `<ellipse cx="330" cy="330" rx="70" ry="26" fill="#fff" opacity=".22" transform="rotate(-18 330 330)"/>` +
      `<circle cx="420" cy="440" r="30" fill="#111"/><circle cx="410" cy="430" r="8" fill="#fff" opacity=".5"/>`,
  });
}

/** A roll of eyelash tape with its loose end. */
export function tapeRoll(p: string): Fragment {
  return join(shadow(p, 420, 642, 220), {
    defs: `<radialGradient id="${p}roll" cx="50%" cy="50%" r="50%"><stop offset=".55" stop-color="#e8e2d8"/><stop offset="1" stop-color="#f7f4ef"/></radialGradient>`,
    body:
      `<path d="M520 470l150 110l-22 30l-150-108z" fill="#f3efe8" stroke="#d9d2c6"/>` +
      `<path d="M400 210a190 190 0 1 1 0 380a190 190 0 1 1 0-380zM400 300a100 100 0 1 0 0 200a100 100 0 1 0 0-200z" fill="url(#${p}roll)" fill-rule="evenodd" stroke="#d6cec2" stroke-width="2"/>` +
      `<path d="M400 300a100 100 0 1 1 0 200a100 100 0 1 1 0-200zM400 318a82 82 0 1 0 0 164a82 82 0 1 0 0-164z" fill="#c8ae8a" fill-rule="evenodd"/>` +
      [130, 150, 170]
        .map(
          (r) =>
            `<circle cx="400" cy="400" r="${r}" fill="none" stroke="#d9d1c4" stroke-width="1.5" opacity=".7"/>`,
        )
        .join(''),
  });
}

/** Places a fragment drawn for 800 × 800 at (x, y) with a scale. */
export const place = (frag: Fragment, x: number, y: number, scale: number): Fragment => ({
  defs: frag.defs,
  body: `<g transform="translate(${x} ${y}) scale(${scale})">${frag.body}</g>`,
});

/** An open box with a lash tray, glue and tweezers inside. */
export function kitBox(p: string): Fragment {
  return join(
    shadow(p, 400, 660, 280),
    {
      defs: linear(`${p}box`, ['#54215a', '#8a4a8f', '#6b2d6f'], true),
      body:
        `<path d="M140 330L190 150h420l50 180z" fill="#8a4a8f"/><circle cx="400" cy="240" r="34" fill="none" stroke="#fff" stroke-width="5" opacity=".8"/>` +
        `<rect x="130" y="320" width="540" height="330" rx="22" fill="url(#${p}box)"/>` +
        `<rect x="156" y="344" width="488" height="282" rx="12" fill="#f8f2f8"/>`,
    },
    place(lashTray(`${p}t`, '#15131a', '#1c1c21', 'single'), 150, 318, 0.42),
    place(glueBottle(`${p}g`, '#c9a14a'), 330, 300, 0.42),
    place(tweezers(`${p}w`, 'volume', 'rose'), 430, 300, 0.42),
    place(sachet(`${p}s`, '#8e4b93', 1), 520, 330, 0.3),
  );
}

/** An almond eye with curled lashes that grow toward the outer corner. */
export function eye(cx: number, cy: number, w: number, colour: string, lashes = 34): string {
  const h = w * 0.36;
  const x0 = cx - w / 2;
  let d = '';
  for (let i = 2; i < lashes - 1; i++) {
    const t = i / lashes;
    // A point on the upper lid (quadratic Bézier) and its outward normal.
    const x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * (x0 + w);
    const y = (1 - t) ** 2 * cy + 2 * (1 - t) * t * (cy - h) + t * t * cy;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x0 + w - cx);
    const dy = 2 * (1 - t) * -h + 2 * t * h;
    const n = Math.hypot(dx, dy);
    const len = w * (0.1 + 0.16 * t);
    const nx = dy / n;
    const ny = -dx / n;
    d += `M${f(x)} ${f(y)}q${f(nx * len * 0.6)} ${f(ny * len * 0.6)} ${f(nx * len + len * 0.35)} ${f(ny * len - len * 0.1)}`;
  }
  return (
    `<path d="M${f(x0)} ${cy}Q${cx} ${f(cy - h)} ${f(x0 + w)} ${cy}Q${cx} ${f(cy + h * 0.8)} ${f(x0)} ${cy}z" fill="#fff" opacity=".9"/>` +
    `<circle cx="${cx}" cy="${f(cy - h * 0.12)}" r="${f(h * 0.42)}" fill="${colour}" opacity=".85"/><circle cx="${cx}" cy="${f(cy - h * 0.12)}" r="${f(h * 0.18)}" fill="#1c1c21"/>` +
    `<path d="M${f(x0)} ${cy}Q${cx} ${f(cy - h)} ${f(x0 + w)} ${cy}" fill="none" stroke="#1c1c21" stroke-width="${f(w * 0.012)}"/>` +
    `<path d="${d}" fill="none" stroke="#1c1c21" stroke-width="${f(w * 0.006)}" stroke-linecap="round"/>`
  );
}

/** A laptop with an eye on the screen: the courses. */
export function laptop(p: string): Fragment {
  return join(shadow(p, 400, 632, 300, 18), {
    defs: linear(`${p}scr`, ['#f4ecf5', '#e3cfe6'], true),
    body:
      `<rect x="170" y="200" width="460" height="300" rx="18" fill="#2a2a31"/>` +
      `<rect x="188" y="218" width="424" height="264" rx="6" fill="url(#${p}scr)"/>` +
      eye(400, 360, 250, '#6b2d6f') +
      `<path d="M110 520h580l-40 90H150z" fill="#c8c8cf"/><rect x="340" y="528" width="120" height="10" rx="5" fill="#a9a9b1"/>`,
  });
}

/** Lightens (amount > 0) or darkens a #rrggbb colour by an amount in 0..100. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount > 0 ? c + ((255 - c) * amount) / 100 : c * (1 + amount / 100);
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

/** A whole SVG document of w × h: a background element, then the fragment. */
export function svg(w: number, h: number, background: string, frag: Fragment): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${frag.defs}</defs>${background}${frag.body}</svg>`;
}

/** A diagonal two-colour gradient for backgrounds. */
export function gradient(id: string, [a, b]: [string, string]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

// ——— The product-page views (product-views.ts): cheap to render, so shadows are gradients, not blur filters. ———

/** A contact shadow drawn with a radial gradient: looks like `shadow` at a fraction of the rendering time. */
export const softShadow = (p: string, cx: number, cy: number, rx: number, ry = 24): Fragment => ({
  defs: `<radialGradient id="${p}sh"><stop offset="0" stop-color="#3a2a30" stop-opacity=".26"/><stop offset=".6" stop-color="#3a2a30" stop-opacity=".1"/><stop offset="1" stop-color="#3a2a30" stop-opacity="0"/></radialGradient>`,
  body: `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${p}sh)"/>`,
});

export type PaletteShape = 'rounded' | 'square' | 'pill' | 'arch' | 'wide';

/** How a brand's palettes look: the card's outline and where its coloured label band runs. */
export interface PaletteStyle {
  shape: PaletteShape;
  band: string;
  bandAt: 'top' | 'left' | 'bottom';
}

/** The outline of a palette card of a shape, as a path, and its box. */
function paletteOutline(shape: PaletteShape): { d: string; x: number; y: number; w: number; h: number } {
  const [x, y, w, h]: [number, number, number, number] =
    shape === 'wide' ? [110, 200, 580, 400] : [200, 100, 400, 600];
  const r = { rounded: 18, square: 4, pill: 46, arch: 14, wide: 22 }[shape];
  const top =
    shape === 'arch'
      ? `M${x} ${y + 70}Q${x + w / 2} ${y - 40} ${x + w} ${y + 70}`
      : `M${x} ${y + r}a${r} ${r} 0 0 1 ${r}-${r}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}`;
  const d = `${top}V${y + h - r}a${r} ${r} 0 0 1-${r} ${r}H${x + r}a${r} ${r} 0 0 1-${r}-${r}z`;
  return { d, x, y, w, h };
}

/**
 * A lash palette: a card with a label band in the brand's colour and rows of lashes on tape. Mix rows grow in
 * length, fan rows are drawn as small open fans.
 */
export function palette(
  p: string,
  lash: string,
  style: PaletteStyle,
  mode: 'single' | 'mix' | 'fan',
  rows: number,
): Fragment {
  const o = paletteOutline(style.shape);
  const band = 84;
  // The area the rows take: the card less the band and a margin.
  const left = o.x + 34 + (style.bandAt === 'left' ? band : 0);
  const right = o.x + o.w - 46;
  const top = o.y + 40 + (style.bandAt === 'top' ? band : style.shape === 'arch' ? 40 : 0);
  const bottom = o.y + o.h - 24 - (style.bandAt === 'bottom' ? band : 0);
  const step = (bottom - top) / rows;
  let lashes = '';
  let tapes = '';
  for (let r = 0; r < rows; r++) {
    const base = top + step * (r + 0.75);
    const len = Math.min(step * 0.85, mode === 'mix' ? 14 + r * (24 / rows) : 26);
    if (mode === 'fan') {
      for (let cx = left + 10; cx < right - 8; cx += 22) {
        for (let k = -2; k <= 2; k++) {
          const a = (k * 12 * Math.PI) / 180;
          lashes += `M${f(cx)} ${f(base)}q${f(Math.sin(a) * len * 0.4 + 2)} ${f(-len * 0.5)} ${f(Math.sin(a) * len + 4)} ${f(-Math.cos(a) * len)}`;
        }
      }
    } else {
      for (let x = left + 4; x < right - 4; x += 4.5) {
        lashes += `M${f(x)} ${f(base)}c0 ${f(-len * 0.5)} ${f(len * 0.1)} ${f(-len * 0.8)} ${f(len * 0.32)} ${f(-len)}`;
      }
    }
    tapes +=
      `<rect x="${f(left - 6)}" y="${f(base - 3)}" width="${f(right - left + 12)}" height="9" rx="2" fill="#ece7e4"/>` +
      `<rect x="${f(right + 12)}" y="${f(base - 8)}" width="16" height="7" rx="2" fill="#d8d1cd"/>`;
  }
  const bandRect =
    style.bandAt === 'top'
      ? `<rect x="${o.x}" y="${o.y - 60}" width="${o.w}" height="${band + 60}" fill="${style.band}"/>`
      : style.bandAt === 'left'
        ? `<rect x="${o.x}" y="${o.y - 60}" width="${band}" height="${o.h + 60}" fill="${style.band}"/>`
        : `<rect x="${o.x}" y="${o.y + o.h - band}" width="${o.w}" height="${band}" fill="${style.band}"/>`;
  // A round logo and two bars: a label without words.
  const [lx, ly] =
    style.bandAt === 'top'
      ? [o.x + 44, o.y + 42]
      : style.bandAt === 'left'
        ? [o.x + band / 2, o.y + 60]
        : [o.x + 44, o.y + o.h - band / 2];
  const bars =
    style.bandAt === 'left'
      ? `<rect x="${o.x + band / 2 - 5}" y="${o.y + 100}" width="10" height="150" rx="5" fill="#fff" opacity=".9"/>` +
        `<rect x="${o.x + band / 2 - 4}" y="${o.y + 266}" width="8" height="80" rx="4" fill="#fff" opacity=".55"/>`
      : `<rect x="${lx + 32}" y="${ly - 12}" width="130" height="11" rx="5" fill="#fff" opacity=".95"/>` +
        `<rect x="${lx + 32}" y="${ly + 8}" width="86" height="8" rx="4" fill="#fff" opacity=".6"/>`;
  return join(softShadow(p, 400, o.y + o.h + 8, o.w * 0.62, 30), {
    defs: `<clipPath id="${p}clip"><path d="${o.d}"/></clipPath>`,
    body:
      `<path d="${o.d}" fill="#fff" stroke="#e2dbd7" stroke-width="2"/>` +
      `<g clip-path="url(#${p}clip)">${bandRect}</g>` +
      `<circle cx="${lx}" cy="${ly}" r="16" fill="none" stroke="#fff" stroke-width="4"/>` +
      bars +
      `<path d="${lashes}" fill="none" stroke="${lash}" stroke-width="1.3" stroke-linecap="round"/>` +
      tapes,
  });
}

/** How each curl looks from the side: a straight base (share of the length), then a bend through an angle. */
const CURL_PROFILES: Record<string, [number, number]> = {
  b: [0, 38],
  c: [0, 52],
  cc: [0, 62],
  d: [0, 74],
  dd: [0, 88],
  l: [0.52, 62],
  lplus: [0.5, 76],
  m: [0.36, 54],
};
export const CURL_CODES = Object.keys(CURL_PROFILES);

/** One lash seen from the side, base at (x, y), curling to the right: a tapered filled outline. */
function sideLash(x: number, y: number, length: number, curl: string): string {
  const [straight, degrees] = CURL_PROFILES[curl] ?? [0, 52];
  const theta = (degrees * Math.PI) / 180;
  const bent = length * (1 - straight);
  const radius = bent / theta;
  const n = 48;
  const centre: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const s = (i / n) * length;
    if (s <= length * straight) centre.push([x, y - s]);
    else {
      const a = (s - length * straight) / radius;
      centre.push([x + radius * (1 - Math.cos(a)), y - length * straight - radius * Math.sin(a)]);
    }
  }
  const left: string[] = [];
  const right: string[] = [];
  centre.forEach(([cx, cy], i) => {
    const [nx, ny] = centre[Math.min(n, i + 1)]!;
    const [px, py] = centre[Math.max(0, i - 1)]!;
    const len = Math.hypot(nx - px, ny - py) || 1;
    const w = 7 * (1 - i / n) + 0.8;
    const ox = (-(ny - py) / len) * w;
    const oy = ((nx - px) / len) * w;
    left.push(`${f(cx - ox)} ${f(cy - oy)}`);
    right.push(`${f(cx + ox)} ${f(cy + oy)}`);
  });
  return `M${left.join('L')}L${right.reverse().join('L')}z`;
}

/** The curl close-up: each curl of a product as a lash seen from the side, on its piece of tape. */
export function curlProfiles(p: string, lash: string, curls: string[]): Fragment {
  const n = curls.length;
  const gap = 560 / n;
  let body = `<path d="M110 610H690" stroke="#d9d1cc" stroke-width="3"/>`;
  curls.forEach((curl, i) => {
    const x = 150 + gap * i + gap * 0.18;
    body +=
      `<path d="M${f(x)} 600V170" stroke="#cfc6c1" stroke-width="2" stroke-dasharray="6 8"/>` +
      `<path d="${sideLash(x, 596, 380, curl)}" fill="url(#${p}lash)"/>` +
      `<rect x="${f(x - 26)}" y="592" width="52" height="22" rx="4" fill="#ece7e4" stroke="#d8d0cb"/>`;
  });
  return join(softShadow(p, 400, 628, 320, 18), {
    defs: linear(`${p}lash`, [shade(lash, 35), lash, shade(lash, -30)]),
    body,
  });
}

/** A colour swatch: a fan of coloured lashes beside one of black, and a chip of the colour. */
export function colourFan(p: string, lash: string): Fragment {
  const fan = (cx: number, cy: number, colour: string, count: number, length: number) => {
    let d = '';
    for (let i = 0; i < count; i++) {
      const a = ((-58 + (116 * i) / (count - 1)) * Math.PI) / 180;
      const len = length * (0.82 + 0.18 * Math.sin(i * 1.7) ** 2);
      const tx = cx + Math.sin(a) * len;
      const ty = cy - Math.cos(a) * len;
      d += `M${cx} ${cy}Q${f(cx + Math.sin(a) * len * 0.55 + 12)} ${f(cy - Math.cos(a) * len * 0.6)} ${f(tx)} ${f(ty)}`;
    }
    return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.2" stroke-linecap="round"/><circle cx="${cx}" cy="${cy}" r="9" fill="${shade(colour, -20)}"/>`;
  };
  return join(softShadow(p, 400, 640, 300, 20), {
    defs: `<radialGradient id="${p}chip" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${shade(lash, 45)}"/><stop offset=".6" stop-color="${lash}"/><stop offset="1" stop-color="${shade(lash, -35)}"/></radialGradient>`,
    body:
      fan(330, 560, lash, 34, 300) +
      fan(575, 590, '#17151b', 16, 170) +
      `<circle cx="585" cy="260" r="92" fill="url(#${p}chip)"/>` +
      `<circle cx="585" cy="260" r="92" fill="none" stroke="#fff" stroke-width="8"/>`,
  });
}

/**
 * A carton in three-quarter view with a band in the brand's colour across its face, the brand's wordmark on the
 * band and, below it, a window or a picture of what is inside.
 */
export function carton(
  p: string,
  o: { band: string; wordmark: string; shape: 'flat' | 'tall' | 'cube'; inside: Fragment; paper?: string },
): Fragment {
  const boxes: Record<typeof o.shape, [number, number, number, number]> = {
    flat: [170, 300, 420, 290],
    tall: [300, 150, 200, 470],
    cube: [220, 240, 340, 360],
  };
  const [x, y, w, h] = boxes[o.shape];
  const dx = o.shape === 'tall' ? 70 : 90;
  const dy = -50;
  const paper = o.paper ?? '#fbf9f7';
  const bandY = o.shape === 'tall' ? y + 40 : y + 26;
  const bandH = o.shape === 'tall' ? 86 : 70;
  const size = Math.min(46, (w - 36) / (Math.max(4, o.wordmark.length) * 0.78));
  const inside = place(o.inside, x + w * 0.1, bandY + bandH + 14, (w * 0.8) / 800);
  const window = `<rect x="${x + 12}" y="${bandY + bandH + 12}" width="${w - 24}" height="${y + h - bandY - bandH - 24}" rx="8"/>`;
  return join(softShadow(p, x + w / 2 + dx / 2, y + h + 6, w * 0.75, 26), {
    defs:
      linear(`${p}face`, [paper, shade(paper, -4)], true) +
      `<clipPath id="${p}win">${window}</clipPath>` +
      inside.defs,
    body:
      `<path d="M${x} ${y}l${dx} ${dy}h${w}l-${dx} ${-dy}z" fill="${shade(paper, 3)}" stroke="#ddd5d0"/>` +
      `<path d="M${x + w} ${y}l${dx} ${dy}v${h}l-${dx} ${-dy}z" fill="${shade(paper, -12)}" stroke="#d3cac4"/>` +
      `<path d="M${x + w} ${bandY}l${dx} ${dy}v${bandH}l-${dx} ${-dy}z" fill="${shade(o.band, -22)}"/>` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${p}face)" stroke="#ddd5d0"/>` +
      `<rect x="${x}" y="${bandY}" width="${w}" height="${bandH}" fill="${o.band}"/>` +
      `<text x="${x + w / 2}" y="${f(bandY + bandH / 2 + size * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${f(size)}" letter-spacing="${f(size * 0.12)}" fill="#fff">${o.wordmark}</text>` +
      `<g clip-path="url(#${p}win)">${inside.body}</g>`,
  });
}

/** A zoomed view of a fragment: the point (cx, cy) of its 800 × 800 space at the centre, k times larger. */
export const zoom = (frag: Fragment, cx: number, cy: number, k: number): Fragment =>
  place(frag, f(400 - cx * k), f(400 - cy * k), k);

/** A fragment turned by an angle about the centre of the 800 × 800 space. */
export const turn = (frag: Fragment, degrees: number): Fragment => ({
  defs: frag.defs,
  body: `<g transform="rotate(${degrees} 400 400)">${frag.body}</g>`,
});

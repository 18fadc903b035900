// Responsive image addresses (spec §9): the server's /img/<width>/<path> route gives a WebP of an upload at
// each breakpoint width (xs 320, sm 640, md 768, lg 1024, xl 1280, 2xl 1536).

export const IMAGE_BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536] as const;
/** Default pixel densities: 1x and 2x screens. */
export const IMAGE_DENSITIES = [1, 2] as const;
const UPLOADS = '/uploads/';

/** Whether an address is an upload the image route can resize. */
export function isResizable(src: string): boolean {
  return src.startsWith(UPLOADS) && !src.includes('..') && !/[?#]/.test(src);
}

/** The WebP variant of an upload at a breakpoint width. */
export function variantUrl(src: string, width: number): string {
  return `/img/${width}/${src.slice(UPLOADS.length)}`;
}

/** The breakpoint width that covers `need` pixels (the largest when none does). */
export function coveringWidth(need: number): number {
  return IMAGE_BREAKPOINTS.find((w) => w >= need) ?? IMAGE_BREAKPOINTS.at(-1)!;
}

/**
 * Breakpoint widths for an image shown at most `displayWidth` CSS pixels wide: every breakpoint up to the
 * one that covers the largest density (2x), so smaller layouts and 1x screens pick a smaller file.
 */
export function variantWidths(displayWidth: number): number[] {
  const largest = coveringWidth(displayWidth * Math.max(...IMAGE_DENSITIES));
  return IMAGE_BREAKPOINTS.filter((w) => w <= largest);
}

/** "…/320/x.webp 320w, …/640/x.webp 640w": the srcset of an upload shown at most `displayWidth` wide. */
export function responsiveSrcSet(src: string, displayWidth: number): string {
  return variantWidths(displayWidth)
    .map((w) => `${variantUrl(src, w)} ${w}w`)
    .join(', ');
}

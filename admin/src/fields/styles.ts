// Small style presets used by the generated screens.

/** ImageField in a list column: a small thumbnail instead of a full-size picture. */
export const thumbnail = {
  '& img': { maxWidth: 64, maxHeight: 64, objectFit: 'contain', margin: 0 },
} as const;

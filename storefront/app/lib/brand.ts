// The shop's name in one place: the wordmark, titles and the footer read it.
// The wordmark sets the second part in the accent colour.
export const WORDMARK = ['Lash', 'Line'] as const;
export const SHOP_NAME = WORDMARK.join('');

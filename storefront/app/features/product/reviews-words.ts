/** «1 отзыв», «2 отзыва», «5 отзывов» (lib/format's plural). */
export const REVIEWS = ['отзыв', 'отзыва', 'отзывов'] as const;

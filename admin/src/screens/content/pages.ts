// Hand-written pages of this area that an image list links to: the gallery's page for adding many files at
// once (spec §2: /nuxt/gallery/{id}/addImage). Kept apart from routes.tsx so the shared ImagesInput does not
// pull the screens in.
import type { Identifier } from 'react-admin';

export const galleryAddImagePath = (id: Identifier) => `/gallery/${encodeURIComponent(String(id))}/addImage`;

/** Resource → the address of its "add many images" page for a record. */
export const addImagesPages: Record<string, (id: Identifier) => string> = {
  gallery: galleryAddImagePath,
};

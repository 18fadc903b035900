// Hand-written pages that ImagesInput links to from a stored record: the gallery's page for adding many
// files at once (spec §2: /nuxt/gallery/{id}/addImage, mounted by screens/content/routes.tsx). Only the
// addresses live here, so the shared widgets do not pull a domain's screens in.
import type { Identifier } from 'react-admin';

export const galleryAddImagePath = (id: Identifier) => `/gallery/${encodeURIComponent(String(id))}/addImage`;

/** Resource → the address of its "add many images" page for a record. */
export const addImagesPages: Record<string, (id: Identifier) => string> = {
  gallery: galleryAddImagePath,
};

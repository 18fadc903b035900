// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key).
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { GalleryAddImage } from './GalleryAddImage';

export const contentRoutes: ReactElement[] = [
  <Route key="gallery-add-image" path="/gallery/:id/addImage" element={<GalleryAddImage />} />,
];

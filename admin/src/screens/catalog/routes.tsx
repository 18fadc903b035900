// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key). These paths are more specific than the
// resources' own "/<resource>/*", so they win over react-admin's id-based routes.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { CategoryCreate, CategoryEditByName, CategoryShowByName } from './categories/CategoryScreens';
import { DirectoryFieldsEdit } from './directories/DirectoryFieldsEdit';
import { DirectoryEntryEdit } from './directories/EntryScreens';

export const catalogRoutes: ReactElement[] = [
  <Route key="category-create" path="/product-categories/create" element={<CategoryCreate />} />,
  <Route key="category-show" path="/product-categories/:name" element={<CategoryShowByName />} />,
  <Route key="category-edit" path="/product-categories/:name/edit" element={<CategoryEditByName />} />,
  <Route key="directory-fields" path="/directories/:id/createFields" element={<DirectoryFieldsEdit />} />,
  <Route key="directory-entry" path="/directories/:id/:directoryid" element={<DirectoryEntryEdit />} />,
];

// Pieces the generated list screens share: the toolbar and the row click, both aware of the role's access.
import {
  CreateButton,
  ExportButton,
  FilterButton,
  TopToolbar,
  useCanAccess,
  useFilterContext,
  usePermissions,
  useResourceContext,
  useResourceDefinition,
  type RaRecord,
} from 'react-admin';
import { canRoleAccess } from './access';

/** List toolbar: filters, "Создать" and "Экспорт" only when the role may create and export. */
export function ListActions() {
  const resource = useResourceContext();
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  const { canAccess: canExport } = useCanAccess({ action: 'export', resource });
  return (
    <TopToolbar>
      {filters && filters.length > 0 ? <FilterButton /> : null}
      {hasCreate ? <CreateButton /> : null}
      {canExport ? <ExportButton /> : null}
    </TopToolbar>
  );
}

/** A click on a row opens the edit page when the role may edit, else the show page. */
export function useRowClick() {
  const { permissions } = usePermissions<string>();
  return (_id: RaRecord['id'], resource: string) =>
    canRoleAccess(permissions, resource, 'edit')
      ? 'edit'
      : canRoleAccess(permissions, resource, 'show')
        ? 'show'
        : false;
}

/** For an AutocompleteInput whose target resource has no full-text search: list its first page. */
export const noSearch = () => ({});

// Pieces the generated list screens share: the toolbar and the row click, both aware of the role's access,
// and the tabs of a list split by an enum field (ListTabs.tsx).
import {
  BulkDeleteButton,
  CreateButton,
  FilterButton,
  TopToolbar,
  useCanAccess,
  useFilterContext,
  usePermissions,
  useResourceContext,
  useResourceDefinition,
  type RaRecord,
} from 'react-admin';
import type { ReactElement } from 'react';
import { canRoleAccess } from './access';
import { CSV_IMPORT_BUTTONS, ExportCsvButton } from './csv';
import { OrderBulkActions } from './screens/sales/orders/OrderBulkActions';
import { PlaceOrderButton } from './screens/sales/orders/PlaceOrderButton';

export { ListTabs } from './ListTabs';

/** Buttons of a resource's own screens in its list toolbar, each checking the role itself. */
const EXTRA_LIST_BUTTONS: Record<string, () => ReactElement | null> = {
  orders: PlaceOrderButton,
};

/**
 * List toolbar: filters, "Создать" (or a resource's own screen for it, as «Новый заказ» of the orders),
 * "Экспорт" (the server's CSV of the filtered list) and "Импорт из CSV" (where the server imports the
 * resource, for a role that may edit it), each only when the role may do it.
 */
export function ListActions() {
  const resource = useResourceContext();
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  const { permissions } = usePermissions<string>();
  const { canAccess: canExport } = useCanAccess({ action: 'export', resource });
  const ImportButton = resource ? CSV_IMPORT_BUTTONS[resource] : undefined;
  const ExtraButton = resource ? EXTRA_LIST_BUTTONS[resource] : undefined;
  // Adding records takes the create right too, and each field its own: the server checks those per row.
  const canImport = !!resource && canRoleAccess(permissions, resource, 'edit');
  return (
    <TopToolbar>
      {filters && filters.length > 0 ? <FilterButton /> : null}
      {hasCreate ? <CreateButton /> : null}
      {ExtraButton ? <ExtraButton /> : null}
      {canExport ? <ExportCsvButton /> : null}
      {ImportButton && canImport ? <ImportButton /> : null}
    </TopToolbar>
  );
}

/** A resource's own bulk actions and the action (x-access) they need: the orders' status moves. */
const BULK_ACTIONS: Record<string, { action: string; Buttons: () => ReactElement }> = {
  orders: { action: 'service', Buttons: OrderBulkActions },
};

/**
 * The list's bulk actions: the resource's own (the orders' status moves) for a role that may do them, else
 * delete for a role that may delete (the API refuses the others anyway), else none, so no checkboxes
 * either. Pessimistic: records that references keep are named in the error.
 */
export function useBulkActions() {
  const resource = useResourceContext();
  const { permissions } = usePermissions<string>();
  const own = resource ? BULK_ACTIONS[resource] : undefined;
  if (own) return canRoleAccess(permissions, resource!, own.action) ? <own.Buttons /> : false;
  return resource && canRoleAccess(permissions, resource, 'delete') ? (
    <BulkDeleteButton mutationMode="pessimistic" />
  ) : (
    false
  );
}

/**
 * Records whose screen is addressed by another field than the id (spec §2: orders/{name} is the order's
 * number); that screen also finds the record by its id, so react-admin's own links still work.
 */
const ADDRESSED_BY: Record<string, string> = { orders: 'number' };

/**
 * A click on a row opens the edit page when the role may edit, or when the resource's edit page is the
 * hand-written screen of a history record's services (the order screen) and the role may use them; else
 * the show page.
 */
export function useRowClick() {
  const { permissions } = usePermissions<string>();
  const resourceName = useResourceContext();
  const { hasEdit } = useResourceDefinition({ resource: resourceName });
  return (_id: RaRecord['id'], resource: string, record: RaRecord) => {
    const page =
      canRoleAccess(permissions, resource, 'edit') ||
      (hasEdit && canRoleAccess(permissions, resource, 'service'))
        ? 'edit'
        : canRoleAccess(permissions, resource, 'show')
          ? 'show'
          : false;
    const field = ADDRESSED_BY[resource];
    const name: unknown = field ? record[field] : undefined;
    return page === 'edit' && typeof name === 'string' && name
      ? `/${resource}/${encodeURIComponent(name)}`
      : page;
  };
}

/** For an AutocompleteInput whose target resource has no full-text search: list its first page. */
export const noSearch = () => ({});

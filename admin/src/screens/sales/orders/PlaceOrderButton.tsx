// «Новый заказ» in the orders list's toolbar (list.tsx), for the roles that change orders through their services: orders are not
// created through the generic form, so this opens /place-order instead of a «Создать» button.
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { Button, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import { canRoleAccess } from '../../../access';

export function PlaceOrderButton() {
  const { permissions } = usePermissions<string>();
  if (!canRoleAccess(permissions, 'orders', 'service')) return null;
  return (
    <Button component={Link} to="/place-order" label="Новый заказ">
      <AddShoppingCartIcon />
    </Button>
  );
}

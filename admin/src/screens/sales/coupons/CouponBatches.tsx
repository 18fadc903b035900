// The latest coupon series (coupons grouped by their `batch`), each linking to the coupons list filtered
// to it.
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminCouponBatch } from '@shop/schemas';
import { MOSCOW_TIME_ZONE } from '../../../fields/dates';
import { formatRubles } from '../../../fields/money';

/** A series as GET /api/admin/coupons/batches answers it (schemas/api/admin-coupon-batch). */
export type CouponBatch = AdminCouponBatch;

const when = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

export const batchLink = (batch: string) =>
  `/coupons?filter=${encodeURIComponent(JSON.stringify({ batch }))}`;

function discount(b: CouponBatch) {
  if (b.type === 'percent') return `${b.value} %`;
  if (b.type === 'fixed') return formatRubles(b.value);
  return 'Бесплатная доставка';
}

export function CouponBatches({ batches }: { batches: CouponBatch[] }) {
  if (batches.length === 0) return <Typography color="text.secondary">Серий пока нет.</Typography>;
  return (
    <Table size="small" aria-label="Серии купонов">
      <TableHead>
        <TableRow>
          <TableCell>Серия</TableCell>
          <TableCell>Скидка</TableCell>
          <TableCell align="right">Купонов</TableCell>
          <TableCell align="right">Использовано</TableCell>
          <TableCell>Создана</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {batches.map((b) => (
          <TableRow key={b.batch}>
            <TableCell>
              <Link component={RouterLink} to={batchLink(b.batch)}>
                {b.batch}
              </Link>
            </TableCell>
            <TableCell>{discount(b)}</TableCell>
            <TableCell align="right">{b.count.toLocaleString('ru-RU')}</TableCell>
            <TableCell align="right">{b.used.toLocaleString('ru-RU')}</TableCell>
            <TableCell>{when.format(new Date(b.createdAt))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

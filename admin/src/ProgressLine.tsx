// The one progress bar of long work (a coupon series, a mailing, a background job): the bar and
// «Обработано 300 из 826».
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export function ProgressLine({
  done,
  total,
  verb = 'Обработано',
  label,
  color = 'primary',
}: {
  done: number;
  total: number;
  /** What the count says: «Обработано», «Создано». */
  verb?: string;
  /** The bar's accessible name («Ход рассылки»). */
  label: string;
  color?: 'primary' | 'warning';
}) {
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={total ? Math.min(100, (done / total) * 100) : 0}
        aria-label={label}
        color={color}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {verb} {done.toLocaleString('ru-RU')} из {total.toLocaleString('ru-RU')}
      </Typography>
    </Box>
  );
}

// Revenue by Moscow day as an SVG bar chart: no chart library for 30 bars. Each bar has a tooltip
// (<title>) with the day, the sum and the number of orders; the axis shows every fifth day.
import Box from '@mui/material/Box';
import { formatRubles } from '../../../fields/money';

export interface RevenueDay {
  day: string;
  total: number;
  count: number;
}

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 20;

const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  const step = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - AXIS;
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label="Выручка по дням за 30 дней"
        style={{ maxHeight: 220 }}
      >
        <line x1={0} y1={plot} x2={WIDTH} y2={plot} stroke="#bbb" strokeWidth={1} />
        {days.map((d, i) => {
          const h = d.total > 0 ? Math.max(2, (d.total / max) * (plot - 8)) : 0;
          return (
            <g key={d.day} data-day={d.day}>
              <rect x={i * step + 2} y={plot - h} width={step - 4} height={h} fill="#8e24aa" rx={2}>
                <title>{`${dayLabel(d.day)}: ${formatRubles(d.total)}, заказов: ${d.count}`}</title>
              </rect>
              {i % 5 === 0 || i === days.length - 1 ? (
                <text x={i * step + step / 2} y={HEIGHT - 5} fontSize={10} textAnchor="middle" fill="#666">
                  {dayLabel(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

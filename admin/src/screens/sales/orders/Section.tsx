// A titled card of the order screens (the order, «Новый заказ»); `wide` spans every column of their grid.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function Section({
  title,
  children,
  wide,
  testId,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

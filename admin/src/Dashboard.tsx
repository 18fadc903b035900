// "Рабочий стол": a placeholder until the dashboard with orders and figures is written.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="ra.page.dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {identity?.fullName
            ? translate('shop.dashboard.welcome', { name: identity.fullName })
            : translate('ra.page.dashboard')}
        </Typography>
        <Typography variant="body1">{translate('shop.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}

// Beside a template's fields: the variables its code may use (a click copies one) and the letter or SMS
// rendered with sample data, asked again while the administrator types (debounced).
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import type { Channel } from '../api';
import { PreviewArea, usePreview, VariablesList } from '../MessagePreview';

export function TemplatePreviewPanel({ channel }: { channel: Channel }) {
  const [code, subject, body] = useWatch({ name: ['code', 'subject', 'body'] }) as (string | null)[];
  const state = usePreview({
    channel,
    code: code ?? '',
    ...(channel === 'email' ? { subject: subject ?? '' } : {}),
    body: body ?? '',
  });
  return (
    <Card
      variant="outlined"
      sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}
      data-testid="template-preview"
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Предпросмотр с примером данных
        </Typography>
        {state.loading ? <LinearProgress aria-label="Обновление предпросмотра" /> : null}
        {state.preview ? <VariablesList variables={state.preview.variables} /> : null}
        <PreviewArea channel={channel} state={state} />
      </CardContent>
    </Card>
  );
}

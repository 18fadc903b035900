// The rendered letter or SMS and the variables a text may use, as the server renders them
// (POST /api/admin/messages/preview): a letter in a sandboxed iframe (no scripts, no access to the admin),
// an SMS as plain text with its length in SMS parts. Used by the send screens and the template forms.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminMessagePreview, AdminMessagePreviewRequest } from '@shop/schemas';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { previewMessage, type Channel } from './api';
import { countSms } from './sms';

export interface PreviewState {
  preview: AdminMessagePreview | null;
  error: string | null;
  loading: boolean;
}

/** The server's preview of a text, asked again `delay` ms after the text stops changing (null: no request). */
export function usePreview(req: AdminMessagePreviewRequest | null, delay = 400): PreviewState {
  const [state, setState] = useState<PreviewState>({ preview: null, error: null, loading: false });
  const key = req ? JSON.stringify(req) : null;
  useEffect(() => {
    if (!key) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      previewMessage(JSON.parse(key) as AdminMessagePreviewRequest).then(
        (preview) => live && setState({ preview, error: null, loading: false }),
        (e: Error) => live && setState((s) => ({ ...s, error: e.message, loading: false })),
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, delay]);
  return state;
}

/** A sms length line: "45 символов · 1 SMS (до 70 символов кириллицей)". */
export function SmsCounter({ text }: { text: string }) {
  const c = countSms(text);
  const limit = c.unicode
    ? 'кириллица: 70 символов в одном SMS, 67 в каждой части'
    : 'латиница: 160 символов в одном SMS, 153 в каждой части';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="sms-counter">
      {c.length} симв. · {c.segments} SMS ({limit})
    </Typography>
  );
}

export function PreviewView({ channel, preview }: { channel: Channel; preview: AdminMessagePreview }) {
  if (channel === 'sms')
    return (
      <Box data-testid="message-preview">
        <Box
          sx={{ whiteSpace: 'pre-wrap', p: 1.5, bgcolor: 'grey.100', borderRadius: 2, fontFamily: 'inherit' }}
        >
          {preview.body || '—'}
        </Box>
        <Box sx={{ mt: 1 }}>
          <SmsCounter text={preview.body} />
        </Box>
      </Box>
    );
  return (
    <Box data-testid="message-preview">
      <Typography variant="body2" color="text.secondary">
        Тема
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="preview-subject">
        {preview.subject || '—'}
      </Typography>
      <Box
        component="iframe"
        title="Предпросмотр письма"
        sandbox=""
        srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif">${preview.body}</body>`}
        sx={{
          width: '100%',
          minHeight: 360,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
    </Box>
  );
}

/** The variables a text may use; a click copies `{{name}}` for pasting into the text. */
export function VariablesList({ variables }: { variables: AdminMessagePreview['variables'] }) {
  const notify = useNotify();
  const copy = (name: string) => {
    const text = `{{${name}}}`;
    navigator.clipboard?.writeText(text).then(
      () => notify(`Скопировано: ${text}`, { type: 'info' }),
      () => notify(`Скопируйте вручную: ${text}`, { type: 'warning' }),
    );
  };
  return (
    <Box data-testid="template-variables">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Переменные (нажмите, чтобы скопировать)
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {variables.map((v) => (
          <Tooltip key={v.name} title={v.label}>
            <Chip size="small" variant="outlined" label={`{{${v.name}}}`} onClick={() => copy(v.name)} />
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}

/** The preview area of a form: the error of the last try, or the rendered text. */
export function PreviewArea({ channel, state }: { channel: Channel; state: PreviewState }) {
  return (
    <>
      {state.error ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {state.error}
        </Alert>
      ) : null}
      {state.preview ? <PreviewView channel={channel} preview={state.preview} /> : null}
    </>
  );
}

// /nuxt/unsend-emails and /nuxt/unsend-sms: the channel's failed messages and those held because no gateway
// is configured, newest first, each with its error and next try; «Отправить снова» queues one again,
// «Отправить все снова» all of them (a sent message is never sent twice: the server refuses). An SMS shows its
// text (it has no subject); the template is named by the schema's label, as in the «Журнал отправки».
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  Pagination,
  SelectField,
  TextField,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import outboxSchema from '@shop/schemas/entities/messages/outbox-messages.schema.json';
import { LabelledTextField, moscowDateTime } from '../../fields';
import { countOf } from '@shop/schemas/rules/plural';
import { resendAll, resendMessage, type Channel } from './api';

/** The schema's labels of a field (outbox-messages.schema.json), as the generated screens show them. */
function choicesOf(labels: Record<string, string>) {
  return Object.entries(labels).map(([id, name]) => ({ id, name }));
}
const STATUS_LABELS = choicesOf(outboxSchema.properties.status['x-enum-labels']);
const TEMPLATE_LABELS = choicesOf(outboxSchema.properties.templateCode['x-enum-labels']);

const messagesText = (n: number) => countOf(n, ['сообщение', 'сообщения', 'сообщений']);

function useResend() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ count: number }>) => {
    setBusy(true);
    try {
      const { count } = await action();
      notify(count ? `Поставлено в очередь: ${messagesText(count)}` : 'Нечего отправлять', { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}

function ResendButton() {
  const record = useRecordContext<{ id: number }>();
  const { busy, run } = useResend();
  if (!record) return null;
  return (
    <MuiButton
      size="small"
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void run(() => resendMessage(record.id));
      }}
    >
      Отправить снова
    </MuiButton>
  );
}

function Actions({ channel }: { channel: Channel }) {
  const { total } = useListContext();
  const { busy, run } = useResend();
  return (
    <TopToolbar>
      <MuiButton
        variant="contained"
        disabled={busy || !total}
        onClick={() => void run(() => resendAll(channel))}
      >
        Отправить все снова
      </MuiButton>
    </TopToolbar>
  );
}

function Empty({ channel }: { channel: Channel }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="unsend-empty">
      <Typography variant="h6" component="p">
        {channel === 'email' ? 'Неотправленных писем нет' : 'Неотправленных SMS нет'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Здесь появляются сообщения, которые не удалось отправить или которые ждут настройки шлюза.
      </Typography>
    </Box>
  );
}

export function UnsendList({ channel }: { channel: Channel }) {
  const title = channel === 'email' ? 'Неотправленные письма' : 'Неотправленные SMS';
  return (
    <>
      <Alert severity="info" sx={{ mt: 2 }}>
        Сообщения «Не отправлено: шлюз не настроен» уйдут сами в течение минуты после того, как в настройках
        появится {channel === 'email' ? 'SMTP-сервер' : 'SMS-шлюз'}. Сообщения с ошибкой сервер повторяет по
        расписанию; «Отправить снова» отправляет их сразу.
      </Alert>
      <List
        resource="outbox-messages"
        title={title}
        filter={{ channel, status: ['failed', 'held'] }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        actions={<Actions channel={channel} />}
        empty={<Empty channel={channel} />}
        disableSyncWithLocation
        storeKey={`unsend-${channel}`}
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <TextField source="recipient" />
          {channel === 'email' ? (
            <TextField source="subject" />
          ) : (
            <TextField source="body" sortable={false} sx={{ display: 'block', minWidth: 220 }} />
          )}
          <LabelledTextField source="templateCode" choices={TEMPLATE_LABELS} sortable={false} />
          <SelectField source="status" choices={STATUS_LABELS} />
          <TextField source="lastError" sortable={false} />
          <NumberField source="attempts" />
          <DateField source="nextAttemptAt" showTime locales="ru-RU" options={moscowDateTime} />
          <DateField source="createdAt" showTime locales="ru-RU" options={moscowDateTime} />
          <ResendButton />
        </Datagrid>
      </List>
    </>
  );
}

// A mailing's progress (GET …/mailings/:id/progress every second, usePoll, until nothing is queued or sent):
// sent, failed and waiting. Messages held because no gateway is configured are said to be not sent, with
// the way to send them again once it is.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { AdminMailingProgress } from '@shop/schemas';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ProgressLine } from '../../ProgressLine';
import { usePoll } from '../../usePoll';
import { mailingProgress, type Channel } from './api';

const isFinished = (p: AdminMailingProgress) => p.queued + p.sending === 0;

export function MailingProgress({ id, total, channel }: { id: number; total: number; channel: Channel }) {
  const load = useCallback(() => mailingProgress(id), [id]);
  const { data: progress, error } = usePoll(load, isFinished);

  const p = progress ?? { total, queued: total, sending: 0, sent: 0, failed: 0, held: 0 };
  const done = p.sent + p.failed + p.held;
  const finished = !!progress && isFinished(progress);
  const unsendPath = channel === 'email' ? '/unsend-emails' : '/unsend-sms';
  const notSent = p.failed + p.held;
  return (
    <Box data-testid="mailing-progress" sx={{ display: 'grid', gap: 1 }}>
      <ProgressLine
        done={done}
        total={p.total}
        label="Ход рассылки"
        color={finished && notSent ? 'warning' : 'primary'}
      />
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <li>Отправлено: {p.sent.toLocaleString('ru-RU')}</li>
        <li>В очереди: {(p.queued + p.sending).toLocaleString('ru-RU')}</li>
        {p.failed ? <li>Ошибка отправки: {p.failed.toLocaleString('ru-RU')}</li> : null}
        {p.held ? <li>Не отправлено: шлюз не настроен — {p.held.toLocaleString('ru-RU')}</li> : null}
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {finished ? (
        notSent ? (
          <Alert severity="warning" data-testid="mailing-result">
            {p.held
              ? `Не отправлено: шлюз не настроен (${p.held.toLocaleString('ru-RU')}). Настройте ${
                  channel === 'email' ? 'SMTP' : 'SMS-шлюз'
                } и отправьте их снова. `
              : ''}
            {p.failed ? `Ошибка отправки: ${p.failed.toLocaleString('ru-RU')}. ` : ''}
            <Link component={RouterLink} to={unsendPath}>
              {channel === 'email' ? 'Неотправленные письма' : 'Неотправленные SMS'}
            </Link>
          </Alert>
        ) : (
          <Alert severity="success" data-testid="mailing-result">
            Готово: отправлено {p.sent.toLocaleString('ru-RU')} из {p.total.toLocaleString('ru-RU')}.
          </Alert>
        )
      ) : null}
    </Box>
  );
}

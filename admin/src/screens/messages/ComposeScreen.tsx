// /nuxt/send-emails and /nuxt/send-sms: to one customer, a user group or all subscribers (with the live
// number of recipients), an active template or free text, a preview rendered by the server, and after a
// confirmation naming the count, the send with its progress bar.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminMailingRequest, AdminMessagePreview } from '@shop/schemas';
import { useEffect, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  Form,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  Title,
  useGetList,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { RichTextInput } from '../../fields';
import {
  countRecipients,
  createMailing,
  previewMessage,
  recipientsText,
  type Audience,
  type Channel,
} from './api';
import { MailingProgress } from './MailingProgress';
import { PreviewView, SmsCounter } from './MessagePreview';

const AUDIENCES = [
  { id: 'user', name: 'Одному покупателю' },
  { id: 'group', name: 'Группе покупателей' },
  { id: 'subscribers', name: 'Всем подписчикам' },
];
const MODES = [
  { id: 'template', name: 'Шаблон' },
  { id: 'text', name: 'Свой текст' },
];

interface Values {
  audience: Audience;
  userId?: number | null;
  groupId?: number | null;
  mode: 'template' | 'text';
  templateCode?: string | null;
  subject?: string | null;
  body?: string | null;
}

interface Template {
  id: number;
  code: string;
  title: string;
  subject?: string;
  body: string;
}

const userText = (u: { name?: string; lastName?: string | null; email?: string; phone?: string | null }) =>
  [u.name, u.lastName].filter(Boolean).join(' ') +
  (u.email ? ` <${u.email}>` : '') +
  (u.phone ? `, ${u.phone}` : '');

function useTemplates(channel: Channel) {
  const { data } = useGetList<Template>(channel === 'email' ? 'mail-templates' : 'sms-templates', {
    filter: { active: true },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'title', order: 'ASC' },
  });
  return data ?? [];
}

/** The request a form's values make; the chosen template's text stands in for the preview. */
function mailingRequest(channel: Channel, v: Values): AdminMailingRequest {
  return {
    channel,
    audience: v.audience,
    ...(v.audience === 'user' ? { userId: v.userId ?? null } : {}),
    ...(v.audience === 'group' ? { groupId: v.groupId ?? null } : {}),
    ...(v.mode === 'template'
      ? { templateCode: v.templateCode ?? null }
      : { body: v.body ?? '', ...(channel === 'email' ? { subject: v.subject ?? '' } : {}) }),
  };
}

function RecipientCount({ channel, onCount }: { channel: Channel; onCount: (n: number | null) => void }) {
  const [audience, userId, groupId] = useWatch({ name: ['audience', 'userId', 'groupId'] }) as [
    Audience,
    number | null,
    number | null,
  ];
  const [state, setState] = useState<{ total: number | null; error: string | null }>({
    total: null,
    error: null,
  });
  const incomplete = (audience === 'user' && !userId) || (audience === 'group' && !groupId);
  useEffect(() => {
    if (incomplete) {
      setState({ total: null, error: null });
      onCount(null);
      return;
    }
    let live = true;
    countRecipients({ channel, audience, userId: userId ?? undefined, groupId: groupId ?? undefined }).then(
      ({ total }) => {
        if (!live) return;
        setState({ total, error: null });
        onCount(total);
      },
      (e: Error) => live && setState({ total: null, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [channel, audience, userId, groupId, incomplete, onCount]);
  if (state.error) return <Alert severity="error">{state.error}</Alert>;
  return (
    <Typography variant="body1" data-testid="recipient-count" sx={{ fontWeight: 500 }}>
      {incomplete
        ? audience === 'user'
          ? 'Выберите покупателя'
          : 'Выберите группу'
        : state.total === null
          ? 'Считаем получателей…'
          : state.total === 0
            ? channel === 'email'
              ? 'Получателей нет: ни у кого из выбранных нет e-mail'
              : 'Получателей нет: ни у кого из выбранных нет телефона'
            : `Получателей: ${state.total.toLocaleString('ru-RU')}`}
    </Typography>
  );
}

function ContentInputs({ channel, templates }: { channel: Channel; templates: Template[] }) {
  const [mode, body] = useWatch({ name: ['mode', 'body'] }) as [Values['mode'], string | null];
  if (mode === 'template')
    return (
      <SelectInput
        source="templateCode"
        label="Шаблон"
        choices={templates.map((t) => ({ id: t.code, name: `${t.title} (${t.code})` }))}
        emptyText="Выберите шаблон"
        helperText={templates.length ? 'Только активные шаблоны' : 'Активных шаблонов нет'}
        fullWidth
      />
    );
  if (channel === 'sms')
    return (
      <>
        <TextInput
          source="body"
          label="Текст SMS"
          multiline
          minRows={4}
          fullWidth
          helperText={'Можно использовать {{customerName}}, {{shopName}}'}
        />
        <SmsCounter text={body ?? ''} />
      </>
    );
  return (
    <>
      <TextInput source="subject" label="Тема письма" fullWidth />
      <RichTextInput
        source="body"
        label="Текст письма"
        helperText={
          'Можно использовать {{customerName}}, {{shopName}} и ссылку отписки — только как адрес ссылки: ' +
          '<a href="{{unsubscribeUrl}}">отписаться</a>'
        }
      />
    </>
  );
}

interface Sent {
  id: number;
  total: number;
}

function Actions(props: {
  channel: Channel;
  templates: Template[];
  count: number | null;
  onSent: (s: Sent) => void;
}) {
  const { channel, templates, count } = props;
  const { getValues } = useFormContext<Values>();
  const [preview, setPreview] = useState<AdminMessagePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);

  const showPreview = async () => {
    setError(null);
    const v = getValues();
    const t = templates.find((x) => x.code === v.templateCode);
    if (v.mode === 'template' && !t) return setError('Выберите шаблон');
    const text = v.mode === 'template' ? t! : { subject: v.subject ?? '', body: v.body ?? '' };
    try {
      setPreview(
        await previewMessage({
          channel,
          code: null,
          body: text.body,
          ...(channel === 'email' ? { subject: text.subject ?? '' } : {}),
        }),
      );
    } catch (e) {
      setPreview(null);
      setError((e as Error).message);
    }
  };

  const send = async () => {
    setConfirming(false);
    setSending(true);
    setError(null);
    try {
      props.onSent(await createMailing(mailingRequest(channel, getValues())));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const what = channel === 'email' ? 'письма' : 'SMS';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <MuiButton variant="outlined" onClick={() => void showPreview()}>
          Предпросмотр
        </MuiButton>
        <MuiButton variant="contained" disabled={!count || sending} onClick={() => setConfirming(true)}>
          Отправить
        </MuiButton>
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {preview ? <PreviewView channel={channel} preview={preview} /> : null}
      <Confirm
        isOpen={confirming}
        title={channel === 'email' ? 'Отправить письма?' : 'Отправить SMS?'}
        content={`Будут отправлены ${what}: ${recipientsText(count ?? 0)}. Отменить отправку будет нельзя.`}
        confirm="Отправить"
        cancel="Отмена"
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

export function ComposeScreen({ channel }: { channel: Channel }) {
  const templates = useTemplates(channel);
  const [count, setCount] = useState<number | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [formKey, setFormKey] = useState(0);
  const defaults = useMemo<Values>(() => ({ audience: 'user', mode: 'text' }), []);
  const title = channel === 'email' ? 'Рассылка писем' : 'Рассылка SMS';

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {sent ? (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <MailingProgress id={sent.id} total={sent.total} channel={channel} />
              <Box>
                <MuiButton
                  variant="outlined"
                  onClick={() => {
                    setSent(null);
                    setFormKey((k) => k + 1);
                  }}
                >
                  Новая рассылка
                </MuiButton>
              </Box>
            </Box>
          ) : (
            <Form key={formKey} defaultValues={defaults}>
              <Box sx={{ display: 'grid', gap: 1, maxWidth: 900 }}>
                <Typography variant="h6" component="h2">
                  Кому
                </Typography>
                <RadioButtonGroupInput source="audience" label={false} choices={AUDIENCES} />
                <AudienceInputs />
                <RecipientCount channel={channel} onCount={setCount} />
                <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                  Что
                </Typography>
                <RadioButtonGroupInput source="mode" label={false} choices={MODES} />
                <ContentInputs channel={channel} templates={templates} />
                <Actions channel={channel} templates={templates} count={count} onSent={setSent} />
              </Box>
            </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function AudienceInputs() {
  const audience = useWatch({ name: 'audience' }) as Audience;
  if (audience === 'user')
    return (
      <ReferenceInput source="userId" reference="users" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          label="Покупатель"
          optionText={userText}
          filterToQuery={(q: string) => ({ q })}
          helperText="Начните вводить имя, e-mail или телефон"
          fullWidth
        />
      </ReferenceInput>
    );
  if (audience === 'group')
    return (
      <ReferenceInput source="groupId" reference="user-groups" sort={{ field: 'title', order: 'ASC' }}>
        <SelectInput label="Группа покупателей" optionText="title" fullWidth />
      </ReferenceInput>
    );
  return null;
}

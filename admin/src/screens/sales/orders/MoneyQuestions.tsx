// What the action dialogs ask about money (OrderActions.tsx): on a cancel of an order that holds money, how
// it goes back (through the provider, by hand with the sum, or held by the shop); on «Отметить оплату», a
// confirmation with the sum, and for an invoice the day the money came and how much. The requests are made
// of these answers in money-requests.ts.
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRubles, sanitizeMoneyText } from '../../../fields/money';
import {
  cancelMoneyChoices,
  moscowToday,
  type CancelMoney as Method,
  type CancelMoneyInput,
  type ReceivedInput,
} from './money-requests';
import type { OrderView } from './order-screen';

export function CancelMoney({
  view,
  input,
  onChange,
}: {
  view: OrderView;
  input: CancelMoneyInput;
  onChange: (input: CancelMoneyInput) => void;
}) {
  const online = view.payment.kind === 'online';
  const held = formatRubles(view.money.refundable);
  return (
    <FormControl sx={{ mt: 2, display: 'block' }} data-testid="cancel-money">
      <FormLabel id="cancel-money-label">
        {online
          ? `Заказ оплачен: у магазина ${held}. Как вернуть деньги?`
          : `Заказ оплачен: у магазина ${held}. Вы вернули деньги покупателю?`}
      </FormLabel>
      <RadioGroup
        aria-labelledby="cancel-money-label"
        value={input.method ?? ''}
        onChange={(e) => onChange({ ...input, method: e.target.value as Method })}
      >
        {cancelMoneyChoices(view).map((c) => (
          <FormControlLabel key={c.value} value={c.value} control={<Radio />} label={c.label} />
        ))}
      </RadioGroup>
      {input.method === 'provider' ? (
        <Typography variant="body2" color="text.secondary">
          Чек возврата уйдёт в {view.payment.providerLabel ?? 'платёжный сервис'} вместе с возвратом. Если
          сервис откажет, заказ не отменится, а здесь появится причина — тогда можно выбрать «Деньги
          возвращены вручную».
        </Typography>
      ) : null}
      {input.method === 'manual' ? (
        <>
          <TextField
            fullWidth
            margin="dense"
            label="Сколько вернули, ₽"
            value={input.amount ?? ''}
            onChange={(e) => onChange({ ...input, amount: sanitizeMoneyText(e.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={`Не больше ${held}`}
          />
          <TextField
            fullWidth
            margin="dense"
            label="Как вернули"
            value={input.note ?? ''}
            onChange={(e) => onChange({ ...input, note: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            helperText={
              online
                ? 'Например: «в личном кабинете ЮKassa». Чек возврата оформите в кассе, если ЮKassa его не отправила'
                : 'Например: «платёжное поручение № 12 от 27.11». Покупатель увидит это в истории заказа'
            }
          />
        </>
      ) : null}
      {input.method === 'none' ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Заказ отменится, а {held} останутся у магазина: так и будет записано в истории, покупателю придёт
          письмо, что деньги пока не возвращены. Вернуть их можно позже кнопкой «Вернуть деньги».
        </Alert>
      ) : null}
    </FormControl>
  );
}

export function ReceivedPayment({
  view,
  input,
  onChange,
}: {
  view: OrderView;
  input: ReceivedInput;
  onChange: (input: ReceivedInput) => void;
}) {
  const total = formatRubles(view.totals.total);
  if (view.payment.kind !== 'invoice')
    return (
      <Typography>
        Отметить, что покупатель заплатил {total}? Это увидит покупатель, а в истории заказа останется, кто
        отметил оплату.
      </Typography>
    );
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        Отметьте оплату, когда деньги пришли на счёт: сверьтесь с выпиской банка. Сумма счёта — {total}.
      </Typography>
      <TextField
        fullWidth
        margin="dense"
        type="date"
        label="Дата поступления"
        value={input.paidOn ?? ''}
        onChange={(e) => onChange({ ...input, paidOn: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: moscowToday() } }}
      />
      <TextField
        fullWidth
        margin="dense"
        label="Получено, ₽"
        value={input.amount ?? ''}
        onChange={(e) => onChange({ ...input, amount: sanitizeMoneyText(e.target.value) })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        helperText="Как в выписке банка"
      />
    </>
  );
}

// Outbox rows are written by the server only (rendered when queued, then by the worker): the generic CRUD
// of outbox-messages must not create or change one by hand, not even for an administrator, whom x-access
// cannot exclude. Deleting stays possible for clearing the log.
import { forbidden } from '../http/errors';
import type { EntityHooks } from '../crud/types';

export const MANUAL_OUTBOX_WRITE =
  'Сообщения журнала создаёт и меняет только сервер. Чтобы отправить сообщение, воспользуйтесь ' +
  'рассылкой, чтобы повторить неотправленное — кнопкой «Отправить снова».';

export const beforeSave: EntityHooks<'outbox-messages'>['beforeSave'] = () => {
  throw forbidden(MANUAL_OUTBOX_WRITE);
};

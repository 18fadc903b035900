import { useState } from 'react';
import { apiErrorMessage, useApi } from '../../lib/browser-api';
import { useToast } from '../../ui/Toast';

export const RESEND_DONE = 'Письмо отправлено. Перейдите по ссылке из него, чтобы подтвердить адрес.';

/** «Отправить письмо ещё раз»: a new confirmation link (the earlier one stops working). */
export function ResendConfirmation({ className = 'button button--quiet' }: { className?: string }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await api.auth.resendConfirmation();
      toast.show(RESEND_DONE, { kind: 'success' });
    } catch (error) {
      console.error('Confirmation letter not sent', error);
      toast.show(apiErrorMessage(error), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void resend()}>
      Отправить письмо ещё раз
    </button>
  );
}

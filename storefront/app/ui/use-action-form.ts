// A form that posts to its page's action and is answered there (it works without JavaScript too): while it
// is being sent, what was typed when the answer refused it, the API's messages by field, and the focus after
// an answer (the first field in error, else the status line; a success empties the form).
import { useEffect, useId, useRef } from 'react';
import { useNavigation } from 'react-router';

/** What such an action answers: success, or the values typed and the Russian messages per field. */
export interface ActionFormResult<V> {
  ok: boolean;
  values?: V;
  fields?: Record<string, string>;
  message?: string;
}

export function useActionForm<V>(result: ActionFormResult<V> | undefined, fields: readonly string[]) {
  const id = useId();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const values = result?.ok ? undefined : result?.values;
  const errors = (!result?.ok && result?.fields) || {};

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      form.current?.reset();
      status.current?.focus();
      return;
    }
    const first = fields.find((f) => result.fields?.[f]);
    const target = first ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    (target ?? status.current)?.focus();
  }, [result, fields]);

  return { id, submitting, form, status, values, errors };
}

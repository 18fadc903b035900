import { useState } from 'react';

/**
 * What a feedback dialog's visitor typed: `change` sets one value and drops the message under its field
 * (`edited`), `input(key)` is what a field takes (its name, value and change handler), `clean` filters the
 * typed text (the message form's phone keeps digits only).
 */
export function useFeedbackValues<V extends { [K in keyof V]: string }>(
  empty: V,
  edited: (field: string) => void,
) {
  const [values, setValues] = useState<V>(empty);
  const change = (key: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    edited(key);
  };
  const input = (key: keyof V & string, clean: (value: string) => string = (value) => value) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => change(key, clean(event.target.value)),
  });
  return { values, change, input, reset: () => setValues(empty) };
}

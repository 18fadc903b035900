// Edits a percentage as a whole number with the % sign beside it: "7" ⇄ 7.
import { BufferedTextInput, type BufferedTextInputProps } from './BufferedTextInput';

export type PercentInputProps = Omit<BufferedTextInputProps, 'toText' | 'fromText' | 'sanitize'>;

const toText = (value: unknown) => (typeof value === 'number' ? String(value) : '');
const fromText = (text: string) => (text === '' ? null : Number(text));
const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 9);

export function PercentInput(props: PercentInputProps) {
  return (
    <BufferedTextInput
      inputMode="numeric"
      endAdornment="%"
      {...props}
      toText={toText}
      fromText={fromText}
      sanitize={digitsOnly}
    />
  );
}

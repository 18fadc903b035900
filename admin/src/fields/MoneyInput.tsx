// Edits a price stored in kopecks as rubles: "1 290,50" (two decimals, comma radix, spec §5 number mask).
import { formatKopecks, parseMoney, sanitizeMoneyText } from './money';
import { BufferedTextInput, type BufferedTextInputProps } from './BufferedTextInput';

export type MoneyInputProps = Omit<BufferedTextInputProps, 'toText' | 'fromText' | 'sanitize'>;

const asKopecks = (value: unknown) => (typeof value === 'number' ? value : null);
const toText = (value: unknown) => formatKopecks(asKopecks(value));
const fromText = (text: string) => parseMoney(text);

export function MoneyInput(props: MoneyInputProps) {
  return (
    <BufferedTextInput
      inputMode="decimal"
      endAdornment="₽"
      {...props}
      toText={toText}
      fromText={fromText}
      sanitize={sanitizeMoneyText}
    />
  );
}

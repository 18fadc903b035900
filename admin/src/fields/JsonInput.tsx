// Edits a JSON value (an object of settings, attributes...) as text. Text that does not parse stays in the
// form as InvalidJson: the input shows the Russian message at once and the form refuses to save.
import { formatJsonText, InvalidJson, parseJsonText } from './json';
import { BufferedTextInput, type BufferedTextInputProps } from './BufferedTextInput';

export type JsonInputProps = Omit<
  BufferedTextInputProps,
  'toText' | 'fromText' | 'textError' | 'keepTextOnBlur'
>;

const textError = (text: string) => {
  const value = parseJsonText(text);
  return value instanceof InvalidJson ? value.message : undefined;
};

export function JsonInput(props: JsonInputProps) {
  return (
    <BufferedTextInput
      multiline
      minRows={3}
      fullWidth
      {...props}
      toText={formatJsonText}
      fromText={parseJsonText}
      textError={textError}
      keepTextOnBlur
    />
  );
}

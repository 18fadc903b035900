// A text input whose text is kept while the user types and is converted to the stored value on every
// change (money text → kopecks, JSON text → object). The stored value is only formatted back into the text
// on blur or when it changes from outside, so half-typed text ("12," or "{") is never rewritten under the
// cursor, and focusing does not touch the text (a select-all on focus keeps working).
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';

export interface BufferedTextInputProps extends Omit<InputProps, 'format' | 'parse'> {
  /** Stored value → text shown when the input has no focus. */
  toText: (value: unknown) => string;
  /** Text → stored value. */
  fromText: (text: string) => unknown;
  /** Cleans the text on each keystroke (an input mask). */
  sanitize?: (text: string) => string;
  /** A message shown right away while the text cannot be converted. */
  textError?: (text: string) => string | undefined;
  /**
   * Keep the typed text on blur instead of writing the value back in its own format. For a multi-line box:
   * text that grows on blur moves the form's «Сохранить» between the press and the release of the mouse, and
   * the first click then does nothing (a one-line JSON reformatted to four lines did).
   */
  keepTextOnBlur?: boolean;
  fullWidth?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  inputMode?: 'text' | 'decimal' | 'numeric';
  endAdornment?: string;
  className?: string;
  variant?: TextFieldProps['variant'];
  margin?: TextFieldProps['margin'];
  slotProps?: TextFieldProps['slotProps'];
}

const identity = (value: unknown) => value;

export function BufferedTextInput(props: BufferedTextInputProps) {
  const {
    toText,
    fromText,
    sanitize,
    textError,
    keepTextOnBlur,
    label,
    helperText,
    fullWidth,
    multiline,
    minRows,
    maxRows,
    inputMode,
    endAdornment,
    className,
    variant,
    margin,
    slotProps,
    ...inputProps
  } = props;
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ ...inputProps, format: identity, parse: identity });

  const [text, setText] = useState(() => toText(field.value));
  const hasFocus = useRef(false);

  // Follow changes that come from outside (record loaded, form reset) while the user is not typing.
  useEffect(() => {
    if (!hasFocus.current) setText(toText(field.value));
  }, [field.value, toText]);

  const handleFocus = () => {
    hasFocus.current = true;
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = sanitize ? sanitize(event.target.value) : event.target.value;
    setText(next);
    field.onChange(fromText(next));
  };
  const handleBlur = (_event: FocusEvent) => {
    hasFocus.current = false;
    field.onBlur();
    if (!keepTextOnBlur) setText(toText(field.value));
  };

  const immediateError = textError?.(text);
  const shownError = immediateError ?? (invalid ? error?.message : undefined);
  const { ref, name } = field;
  return (
    <TextField
      id={id}
      name={name}
      inputRef={ref}
      value={text}
      onFocus={handleFocus}
      onChange={handleChange}
      onBlur={handleBlur}
      className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        ) : null
      }
      error={Boolean(shownError)}
      helperText={
        helperText !== false || shownError ? (
          <InputHelperText error={shownError} helperText={helperText} />
        ) : null
      }
      disabled={props.disabled || props.readOnly}
      fullWidth={fullWidth}
      multiline={multiline}
      minRows={minRows}
      maxRows={maxRows}
      size="small"
      variant={variant}
      margin={margin}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...slotProps?.htmlInput,
          inputMode,
          readOnly: props.readOnly,
          spellCheck: multiline ? false : undefined,
        },
        input: endAdornment ? { endAdornment: <span aria-hidden>{endAdornment}</span> } : undefined,
      }}
    />
  );
}

// A secret of the settings (SMTP password, SMS API key): the server never sends it, so the input shows
// only whether one is set; typing a new value replaces it on save, the checkbox clears it.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { BooleanInput, FormDataConsumer, PasswordInput } from 'react-admin';

export function SecretInput(props: { source: string; label: string; isSet: boolean }) {
  const clearSource = `${props.source}Clear`;
  return (
    <Stack spacing={0.5} sx={{ mb: 1 }}>
      <Chip
        data-testid={`${props.source}-state`}
        size="small"
        color={props.isSet ? 'success' : 'default'}
        label={`${props.label}: ${props.isSet ? 'задан' : 'не задан'}`}
        sx={{ alignSelf: 'flex-start' }}
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData[clearSource] ? null : (
            <PasswordInput
              source={props.source}
              label={props.isSet ? `Новый ${props.label.toLowerCase()}` : props.label}
              helperText="Сохраняется, но никогда не показывается; пусто — оставить как есть"
              autoComplete="new-password"
            />
          )
        }
      </FormDataConsumer>
      {props.isSet ? (
        <BooleanInput source={clearSource} label={`Удалить ${props.label.toLowerCase()}`} />
      ) : null}
    </Stack>
  );
}

/** Form values → what the PUT sends for a secret: a new value, null to clear it, or nothing to keep it. */
export function secretInput(values: Record<string, unknown>, source: string) {
  const clear = values[`${source}Clear`] === true;
  const { [`${source}Clear`]: _flag, ...rest } = values;
  if (clear) rest[source] = null;
  else if (typeof rest[source] !== 'string' || rest[source] === '') delete rest[source];
  return rest;
}

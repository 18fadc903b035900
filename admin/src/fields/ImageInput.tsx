// One picture in a text field holding its address (category image, banner, article cover…): upload with a
// preview, replace and clear. The file goes to POST /api/admin/uploads at once; the form stores the
// answered address when it is saved.
import { useId, useState, type ChangeEvent } from 'react';
import { Box, Button, FormLabel, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { FieldTitle, useInput, useResourceContext, type InputProps } from 'react-admin';
import { IMAGE_ACCEPT, previewUrl, uploadImages } from '../upload';
import { UploadStatus } from './UploadStatus';

export type ImageInputProps = Pick<
  InputProps,
  'source' | 'label' | 'helperText' | 'isRequired' | 'defaultValue' | 'resource'
>;

export function ImageInput(props: ImageInputProps) {
  const { source, label, helperText, isRequired } = props;
  const resource = useResourceContext(props);
  const { field, fieldState } = useInput(props);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const url = typeof field.value === 'string' ? field.value : '';

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const [uploaded] = await uploadImages([file], setProgress);
      if (uploaded) field.onChange(uploaded.url);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  };

  return (
    <Box sx={{ my: 1 }} data-testid={`image-input-${field.name}`}>
      <FormLabel htmlFor={inputId} sx={{ display: 'block', mb: 0.5 }}>
        <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
      </FormLabel>
      <Stack direction="row" spacing={2} alignItems="center">
        <Box
          sx={{
            width: 120,
            height: 90,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {url ? (
            <img src={previewUrl(url)} alt="Предпросмотр" style={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              Нет изображения
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1}>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              disabled={progress !== null}
            >
              {url ? 'Заменить' : 'Загрузить'}
              <input id={inputId} type="file" accept={IMAGE_ACCEPT} hidden onChange={onPick} />
            </Button>
            {url && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => field.onChange(isRequired ? '' : null)}
              >
                Очистить
              </Button>
            )}
          </Stack>
          {url && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {url}
            </Typography>
          )}
        </Stack>
      </Stack>
      <UploadStatus
        progress={progress}
        progressLabel="Загрузка изображения"
        error={error}
        fieldError={fieldState.error?.message}
        helperText={helperText}
      />
    </Box>
  );
}

// What an image field shows under its pictures: the upload's progress, the server's refusal in Russian, and
// the field's own validation message or help text. One piece for ImageInput and ImagesInput.
import type { ReactNode } from 'react';
import { Alert, FormHelperText, LinearProgress } from '@mui/material';
import { InputHelperText } from 'react-admin';

export interface UploadStatusProps {
  /** 0…1 while files are sent, null otherwise. */
  progress: number | null;
  progressLabel: string;
  error: string | null;
  fieldError?: string;
  helperText?: ReactNode;
}

export function UploadStatus({ progress, progressLabel, error, fieldError, helperText }: UploadStatusProps) {
  return (
    <>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress * 100}
          aria-label={progressLabel}
          sx={{ mt: 1, maxWidth: 360 }}
        />
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {error}
        </Alert>
      )}
      {(fieldError || helperText) && (
        <FormHelperText error={Boolean(fieldError)}>
          <InputHelperText error={fieldError} helperText={helperText} />
        </FormHelperText>
      )}
    </>
  );
}

// The `richtext` widget. The editor (tiptap, about 165 kB gzip) is loaded only when a form shows one, so
// lists and other screens do not pay for it.
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { LinearProgress } from '@mui/material';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ my: 2, width: '100%' }} aria-label="Загрузка редактора" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

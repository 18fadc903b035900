// The editor behind RichTextInput (loaded on demand): react-admin's tiptap WYSIWYG input for product
// descriptions, pages, articles and promotions. Its toolbar offers what the storefront keeps: the server cleans rich text to a
// whitelist of tags (server/src/platform/web/sanitize-html.ts), so alignment, colours and pasted styles are left
// out rather than shown here and lost on the site.
import { useMemo } from 'react';
import { useResourceContext, useTranslateLabel } from 'react-admin';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as RaRichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { LevelSelect } from './LevelSelect';

const toolbar = (
  <RichTextInputToolbar>
    <LevelSelect />
    <FormatButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

/**
 * The editing area is named by the field's label (react-admin's names only its wrapper): a screen reader
 * says «Описание, поле ввода», not an unnamed text box.
 */
export default function RichTextEditor(props: RichTextInputProps) {
  const resource = useResourceContext(props);
  const translateLabel = useTranslateLabel();
  const label = translateLabel({ label: props.label, source: props.source, resource });
  const name = typeof label === 'string' ? label : '';
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: { attributes: { 'aria-label': name, 'aria-multiline': 'true' } },
    }),
    [name],
  );
  return <RaRichTextInput toolbar={toolbar} fullWidth editorOptions={editorOptions} {...props} />;
}

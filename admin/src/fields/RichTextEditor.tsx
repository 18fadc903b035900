// The editor behind RichTextInput (loaded on demand): react-admin's tiptap WYSIWYG input for product
// descriptions, pages, articles and promotions. Its toolbar offers what the storefront keeps: the server cleans rich text to a
// whitelist of tags (server/src/platform/web/sanitize-html.ts), so alignment, colours and pasted styles are left
// out rather than shown here and lost on the site.
import {
  ClearButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as RaRichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';

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

export default function RichTextEditor(props: RichTextInputProps) {
  return <RaRichTextInput toolbar={toolbar} fullWidth {...props} />;
}

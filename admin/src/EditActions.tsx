// The toolbar above an edit form: «Просмотр» where the resource has a show screen, and «На сайте» where
// the record has a page in the shop (x-entity.sitePath, e.g. "/product/{slug}", in the resource's options),
// opened in a new tab so the form and its unsaved edits stay.
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import { ShowButton, TopToolbar, useRecordContext, useResourceDefinition } from 'react-admin';
import { recordTemplate } from './fields/representation';

export function ViewOnSiteButton({ path }: { path: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const href = recordTemplate(path)(record);
  // A template whose field is empty (a record without its address yet) has no page to open.
  if (/\/\/|\/$/.test(href.slice(1)) || href === '/') return null;
  return (
    <Button size="small" href={href} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
      На сайте
    </Button>
  );
}

/** The edit screen's toolbar; the record's page in the shop comes from the resource's options. */
export function EditActions() {
  const { hasShow, options } = useResourceDefinition<{ label: string; sitePath?: string }>();
  const sitePath = options?.sitePath;
  return (
    <TopToolbar>
      {sitePath ? <ViewOnSiteButton path={sitePath} /> : null}
      {hasShow ? <ShowButton /> : null}
    </TopToolbar>
  );
}

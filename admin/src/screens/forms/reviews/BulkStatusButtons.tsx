// Bulk moderation of the selected reviews: publish or reject them all in one transaction
// (POST /api/admin/<resource>/bulk-status); if one of them is gone, none changes.
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';
import { postAdmin } from '../../../admin-api';

export function BulkStatusButtons() {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const apply = async (status: 'published' | 'rejected') => {
    setBusy(true);
    try {
      const { updated } = await postAdmin<{ updated: number }>(`/${resource}/bulk-status`, {
        ids: selectedIds,
        status,
      });
      notify(`${status === 'published' ? 'Опубликовано' : 'Отклонено'} отзывов: ${updated}`, {
        type: 'info',
      });
      onUnselectItems();
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Опубликовать" disabled={busy} onClick={() => void apply('published')}>
        <CheckIcon />
      </Button>
      <Button label="Отклонить" disabled={busy} onClick={() => void apply('rejected')}>
        <CloseIcon />
      </Button>
    </>
  );
}

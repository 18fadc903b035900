// "Экспорт": the list as the server's CSV file, with the filters and the sort shown on the screen.
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useDataProvider, useListContext, useNotify, useResourceContext } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { saveBlob } from './download';

export function ExportCsvButton() {
  const resource = useResourceContext();
  const { filterValues, sort, total } = useListContext() as {
    filterValues: Record<string, unknown>;
    sort: { field: string; order: string };
    total?: number;
  };
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!resource) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportCsv(resource, { filter: filterValues, sort });
      saveBlob(blob, `${resource}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Не удалось выгрузить файл', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Экспорт" onClick={() => void onClick()} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}

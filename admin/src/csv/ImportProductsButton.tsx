// "Импорт из CSV" on the products list: choose a file → the server checks every row and shows the
// errors in Russian → "Импортировать" writes all products in one transaction (nothing when a row is bad).
// The columns are documented in docs/admin-csv.md; "Шаблон" downloads a file with the header row, the
// columns as the server names them (a directory of offers' attributes is a column).
import { useState, type ChangeEvent } from 'react';
import UploadIcon from '@mui/icons-material/Publish';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import { Button, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ImportReport, ShopDataProvider } from '../dataProvider';
import { readCsvFile, saveBlob } from './download';

function Summary({ report }: { report: ImportReport }) {
  const bad = report.rows.filter((r) => r.errors.length > 0);
  if (report.errors.length > 0)
    return (
      <Alert severity="error" data-testid="import-errors">
        {report.errors.map((e) => (
          <div key={e}>{e}</div>
        ))}
      </Alert>
    );
  if (bad.length === 0)
    return (
      <Alert severity="success" data-testid="import-ok">
        Ошибок нет. Будет создано товаров: {report.products.create}, обновлено: {report.products.update};
        вариантов в файле: {report.offers}.
      </Alert>
    );
  return (
    <Box data-testid="import-errors">
      <Alert severity="error">
        Строк с ошибками: {bad.length} из {report.rows.length}. Исправьте их и загрузите файл снова: пока в
        файле есть ошибки, ничего не записывается.
      </Alert>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Строка</TableCell>
            <TableCell>Товар</TableCell>
            <TableCell>Артикул</TableCell>
            <TableCell>Ошибки</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bad.map((r) => (
            <TableRow key={r.line}>
              <TableCell>{r.line}</TableCell>
              <TableCell>{r.slug}</TableCell>
              <TableCell>{r.article}</TableCell>
              <TableCell>
                {r.errors.map((e) => (
                  <div key={e}>{e}</div>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ImportProductsButton() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setCsv(null);
    setReport(null);
    setFileName('');
  };
  const downloadTemplate = async () => {
    try {
      // A directory's title may hold a ; or a quote: such a cell is quoted, its quotes doubled.
      const cell = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
      const header = (await dataProvider.productImportColumns()).map((c) => cell(c.header)).join(';');
      saveBlob(new Blob(['\uFEFF', `${header}\r\n`], { type: 'text/csv' }), 'products-template.csv');
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Не удалось получить колонки файла', { type: 'error' });
    }
  };
  const run = async (text: string, commit: boolean) => {
    setBusy(true);
    try {
      const result = await dataProvider.importProducts(text, commit);
      setReport(result.report);
      if (result.written) {
        const { create, update } = result.report.products;
        notify(`Импорт выполнен: создано товаров ${create}, обновлено ${update}`, { type: 'success' });
        refresh();
        close();
      }
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Не удалось загрузить файл', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await readCsvFile(file);
    setFileName(file.name);
    setCsv(text);
    setReport(null);
    await run(text, false);
  };

  return (
    <>
      <Button label="Импорт из CSV" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="import-title">
        <DialogTitle id="import-title">Импорт товаров из CSV</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Одна строка — один вариант товара. Товар находится по адресу (slug), вариант — по артикулу:
            найденные обновляются, новые создаются. Цены в рублях, разделитель — точка с запятой.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
            <MuiButton variant="outlined" component="label" disabled={busy}>
              Выбрать файл
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV-файл"
                onChange={(e) => void onFile(e)}
              />
            </MuiButton>
            <Typography variant="body2">{fileName || 'Файл не выбран'}</Typography>
            <MuiButton size="small" onClick={() => void downloadTemplate()}>
              Шаблон
            </MuiButton>
          </Box>
          {busy && !report ? <Typography variant="body2">Проверяем файл…</Typography> : null}
          {report ? <Summary report={report} /> : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>Отмена</MuiButton>
          <MuiButton
            variant="contained"
            disabled={busy || !csv || !report?.valid}
            onClick={() => csv && void run(csv, true)}
          >
            Импортировать
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

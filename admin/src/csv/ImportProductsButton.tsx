// "Импорт из CSV" on the products list: choose a file → the server checks it in the background and the
// dialog follows the check («Обработано 300 из 826»), then lists the rows with errors, or what will change
// («Изменится: 2 цены») → "Импортировать" starts the import, which writes only those changes in one
// transaction (nothing when a row is bad). Both are jobs of the server (admin/src/jobs): closing the dialog
// or the page stops nothing, and the dialog opened again follows the job on. The columns are documented
// in docs/admin-csv.md; "Шаблон" downloads a file with the header row, the columns as the server names
// them (a directory of offers' attributes is a column).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
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
import { countOf } from '@shop/schemas';
import { Button, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ImportReport, ShopDataProvider } from '../dataProvider';
import { callAdmin } from '../admin-api';
import { currentJob, isOver, useJob, type Job } from '../jobs/jobs';
import { ProgressLine } from '../ProgressLine';
import { readCsvFile, saveBlob } from './download';

const KINDS: Job['kind'][] = ['products-import-preview', 'products-import'];
/** The changed rows listed under the summary; the rest are counted. */
const ROWS_SHOWN = 100;

/** «Изменится: 2 цены, 1 остаток; новых товаров: 0, новых вариантов: 0; без изменений: 130 товаров». */
export function changesText(report: ImportReport, done: boolean): string {
  const { changes, products } = report;
  const parts = [
    changes.prices ? countOf(changes.prices, ['цена', 'цены', 'цен']) : '',
    changes.stock ? countOf(changes.stock, ['остаток', 'остатка', 'остатков']) : '',
    changes.offerFields
      ? countOf(changes.offerFields, ['вариант', 'варианта', 'вариантов']) + ' (вес, характеристики)'
      : '',
    changes.productFields
      ? countOf(changes.productFields, ['товар', 'товара', 'товаров']) +
        ' (название, категории, бренд, флаги)'
      : '',
  ].filter(Boolean);
  const verb = done ? 'Изменено' : 'Изменится';
  return [
    `${verb}: ${parts.length ? parts.join(', ') : 'ничего'}`,
    `новых товаров: ${products.create}, новых вариантов: ${changes.newOffers}`,
    `без изменений: ${countOf(products.unchanged, ['товар', 'товара', 'товаров'])}`,
  ].join('; ');
}

function Changes({ report, done }: { report: ImportReport; done: boolean }) {
  const changed = report.rows.filter((r) => r.changes.length > 0);
  return (
    <Box data-testid="import-ok">
      <Alert severity="success">
        {done ? 'Импорт выполнен. ' : 'Ошибок нет. '}
        {changesText(report, done)}.
      </Alert>
      {changed.length ? (
        <Table size="small" aria-label="Что изменится">
          <TableHead>
            <TableRow>
              <TableCell>Строка</TableCell>
              <TableCell>Товар</TableCell>
              <TableCell>Артикул</TableCell>
              <TableCell>{done ? 'Что изменено' : 'Что изменится'}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changed.slice(0, ROWS_SHOWN).map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{r.slug}</TableCell>
                <TableCell>{r.article}</TableCell>
                <TableCell>
                  {r.changes.map((c) => (
                    <div key={c}>{c}</div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {changed.length > ROWS_SHOWN ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          И ещё строк с изменениями: {changed.length - ROWS_SHOWN}.
        </Typography>
      ) : null}
    </Box>
  );
}

function Summary({ report, done }: { report: ImportReport; done: boolean }) {
  const bad = report.rows.filter((r) => r.errors.length > 0);
  if (report.errors.length > 0)
    return (
      <Alert severity="error" data-testid="import-errors">
        {report.errors.map((e) => (
          <div key={e}>{e}</div>
        ))}
      </Alert>
    );
  if (bad.length === 0) return <Changes report={report} done={done} />;
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

/** The job in hand: its progress while it runs, then its report or its error. */
function JobState({ job, error }: { job: Job | null; error: string | null }) {
  if (!job) return error ? <Alert severity="error">{error}</Alert> : null;
  const writing = job.kind === 'products-import';
  if (!isOver(job))
    return (
      <Box data-testid="import-progress" sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {job.status === 'queued'
            ? 'Задача в очереди…'
            : `${job.stage ?? (writing ? 'Импорт' : 'Проверка файла')}…`}
        </Typography>
        <ProgressLine done={job.processed} total={job.total} label="Ход импорта" />
        {error ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {error}. Спрашиваем снова…
          </Alert>
        ) : null}
      </Box>
    );
  return (
    <>
      {job.status === 'failed' && (!job.result || job.result.valid) ? (
        <Alert severity="error" data-testid="import-errors">
          {job.error}
        </Alert>
      ) : null}
      {job.result ? <Summary report={job.result} done={writing && job.status === 'done'} /> : null}
    </>
  );
}

export function ImportProductsButton() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { data: job, error } = useJob(jobId);
  const running = starting || (jobId !== null && (!job || !isOver(job)));

  // Opened again while a check or an import of yours is still running (the page was closed): follow it.
  useEffect(() => {
    if (!open) return;
    let live = true;
    currentJob(KINDS).then(
      (j) => live && j && setJobId((id) => id ?? j.id),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [open]);

  // An import that ended well: said once, and the list shows the new values.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (job?.kind !== 'products-import' || job.status !== 'done' || !job.result) return;
    if (announced.current === job.id) return;
    announced.current = job.id;
    notify(`Импорт выполнен. ${changesText(job.result, true)}`, { type: 'success' });
    refresh();
  }, [job, notify, refresh]);

  const close = () => {
    setOpen(false);
    setCsv(null);
    setJobId(null);
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
  const start = async (text: string, write: boolean) => {
    setStarting(true);
    try {
      // Started, the job answers at once (202); the screen follows it.
      const started = await callAdmin((api) =>
        write
          ? api.adminPlatform.importProducts({ csv: text })
          : api.adminPlatform.previewImport({ csv: text }),
      );
      setJobId(started.id);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Не удалось загрузить файл', { type: 'error' });
    } finally {
      setStarting(false);
    }
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await readCsvFile(file);
    setFileName(file.name);
    setCsv(text);
    setJobId(null);
    await start(text, false);
  };
  const checked =
    job?.kind === 'products-import-preview' && job.status === 'done' && job.result?.valid === true;
  const hasChanges = !!job?.result && (job.result.products.create > 0 || job.result.products.update > 0);

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
            найденные обновляются, новые создаются. Цены в рублях, разделитель — точка с запятой. Записываются
            только изменения: строка, где всё как в магазине, ничего не меняет.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
            <MuiButton variant="outlined" component="label" disabled={running}>
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
          <JobState job={job} error={error} />
          {checked && !csv ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Чтобы импортировать, выберите файл снова.
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{running ? 'Скрыть' : 'Закрыть'}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={running || !csv || !checked || !hasChanges}
            onClick={() => csv && void start(csv, true)}
          >
            Импортировать
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

// "История изменений" beside every edit screen (the codegen puts it there for each resource): who changed
// the record, when (Moscow time) and what, newest first, as the server describes it in Russian.
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import { useDataProvider, useGetOne, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import type { HistoryEntry, HistoryLine, ShopDataProvider } from '../dataProvider';

const PER_PAGE = 10;

const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function Line({ line }: { line: HistoryLine }) {
  const empty = '—';
  return (
    <Typography variant="body2" component="li" sx={{ mb: 0.5 }}>
      <b>{line.label}</b>
      {': '}
      {line.note ??
        ('from' in line && 'to' in line
          ? `${line.from || empty} → ${line.to || empty}`
          : 'to' in line
            ? line.to || empty
            : `было: ${line.from || empty}`)}
    </Typography>
  );
}

function Entry({ entry }: { entry: HistoryEntry }) {
  return (
    <Box sx={{ py: 1 }} data-testid="history-entry">
      <Typography variant="subtitle2">
        {entry.actionLabel} · {MOSCOW_TIME.format(new Date(entry.createdAt))}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {entry.userName ?? 'Система'}
      </Typography>
      {entry.lines.length > 0 ? (
        <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
          {entry.lines.map((line, i) => (
            <Line key={i} line={line} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The history of one record; `version` changes when the record is saved, and the history reloads. */
export function HistoryPanel({
  resource,
  recordId,
  version,
}: {
  resource: string;
  recordId: number;
  version: string;
}) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (upTo: number) => {
      try {
        const result = await dataProvider.getHistory(resource, recordId, 1, upTo * PER_PAGE);
        setEntries(result.data);
        setTotal(result.total);
        setError(null);
      } catch (e) {
        setError(e instanceof Error ? e.message : 'Не удалось загрузить историю');
      }
    },
    [dataProvider, resource, recordId],
  );

  useEffect(() => {
    void load(page);
  }, [load, page, version]);

  return (
    <Card
      sx={{ width: { xs: '100%', lg: 360 }, ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, flexShrink: 0 }}
      data-testid="history"
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          История изменений
        </Typography>
        {error ? (
          <Typography color="error" variant="body2">
            {error}
          </Typography>
        ) : entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Изменений пока нет
          </Typography>
        ) : (
          entries.map((entry, i) => (
            <Box key={entry.id}>
              {i > 0 ? <Divider /> : null}
              <Entry entry={entry} />
            </Box>
          ))
        )}
        {entries.length < total ? (
          <Button size="small" onClick={() => setPage((p) => p + 1)}>
            Показать ещё
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The aside of a generated edit screen: the history of the record being edited. */
export function HistoryAside() {
  const record = useRecordContext();
  const resource = useResourceContext();
  if (!record || !resource || typeof record.id !== 'number') return null;
  // A save gives the edit screen a new record: the history reloads with it.
  return <HistoryPanel resource={resource} recordId={record.id} version={JSON.stringify(record)} />;
}

/**
 * A hand-written edit screen (x-components.edit) with the history below it: the codegen wraps it, so
 * every resource's edit screen has one. The record comes from react-admin's cache of the screen's own
 * getOne, so a save reloads the history too. Screens addressed by something else than a numeric id
 * (a category by its slug) show none.
 */
export function withHistory(Screen: ComponentType): ComponentType {
  function EditWithHistory() {
    const resource = useResourceContext();
    const { id } = useParams();
    const recordId = id && /^\d+$/.test(id) ? Number(id) : null;
    const { data } = useGetOne<RaRecord>(
      resource ?? '',
      { id: recordId ?? 0 },
      { enabled: !!resource && recordId !== null },
    );
    return (
      <>
        <Screen />
        {resource && recordId !== null ? (
          <Box sx={{ mt: 2 }}>
            <HistoryPanel resource={resource} recordId={recordId} version={JSON.stringify(data ?? null)} />
          </Box>
        ) : null}
      </>
    );
  }
  EditWithHistory.displayName = `withHistory(${Screen.displayName ?? Screen.name})`;
  return EditWithHistory;
}

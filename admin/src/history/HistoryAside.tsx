// "История изменений" beside every edit screen (the codegen puts it there for each resource): who changed
// the record, when (Moscow time) and what, newest first, as the server describes it in Russian.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useResourceContext } from 'react-admin';
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

export function HistoryAside() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const recordId = record?.id;
  // A save gives the edit screen a new record: the history reloads with it.
  const version = record ? JSON.stringify(record) : '';

  const load = useCallback(
    async (upTo: number) => {
      if (!resource || typeof recordId !== 'number') return;
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

  if (!record) return null;
  return (
    <Card sx={{ width: { xs: '100%', md: 360 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, flexShrink: 0 }}>
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

// The tabs of a list split by an enum field (x-list.tabs in the schema; the codegen puts them above the rows):
// «Все» and one tab per value, each with the number of records it holds under the list's other filters and
// search (GET /api/admin/<resource>/counts, the list's own access and filter whitelist). A tab is the field's
// equality filter: choosing one sets it, «Все» clears it, and the URL keeps it as any filter.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useState } from 'react';
import { useDataProvider, useListContext, useResourceContext } from 'react-admin';
import type { ListCounts, ShopDataProvider } from './dataProvider';

export interface ListTabsProps {
  /** The enum field the list is split by. */
  source: string;
  /** Its values with their Russian labels, in the tabs' order. */
  choices: readonly { id: string | number; name: string }[];
}

/** The «Все» tab's value: no enum value is written like this. */
const ALL = '*';

const countFormat = new Intl.NumberFormat('ru-RU');

function Label({ name, count }: { name: string; count: number | undefined }) {
  return (
    <span>
      {name}
      {/* A real space: screen readers (and the tests) read «Новый 3», not «Новый3». */}
      {count === undefined ? null : ' '}
      {count === undefined ? null : (
        <Box component="span" sx={{ ml: 0.25, color: 'text.secondary', fontWeight: 400 }}>
          {countFormat.format(count)}
        </Box>
      )}
    </span>
  );
}

export function ListTabs({ source, choices }: ListTabsProps) {
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const list = useListContext();
  const { setFilters, isFetching } = list;
  const displayedFilters = list.displayedFilters as Record<string, boolean>;
  const { [source]: selected, ...others } = list.filterValues as Record<string, unknown>;
  const current = choices.find((c) => String(c.id) === String(selected));
  // The other filters as text: the counts depend on them, not on the tab itself.
  const othersKey = JSON.stringify(others);
  const [counts, setCounts] = useState<ListCounts | null>(null);

  // Counted again whenever the list has fetched (a filter, a search, a refresh, a change made from the list),
  // so that the numbers and the rows agree; not while it is still fetching.
  useEffect(() => {
    if (!resource || isFetching) return;
    let live = true;
    dataProvider.getCounts(resource, source, JSON.parse(othersKey) as Record<string, unknown>).then(
      (c) => live && setCounts(c),
      // The tabs still filter without their numbers.
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, resource, source, othersKey, isFetching]);

  // The value as the enum holds it (a number stays a number); «Все» leaves the field out.
  const choose = (value: string) => {
    const choice = choices.find((c) => String(c.id) === value);
    setFilters(choice ? { ...others, [source]: choice.id } : others, displayedFilters);
  };

  return (
    <Tabs
      value={current ? String(current.id) : ALL}
      onChange={(_event, value: string) => choose(value)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Вкладки списка"
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="list-tabs"
    >
      <Tab value={ALL} label={<Label name="Все" count={counts?.total} />} data-testid="list-tab-all" />
      {choices.map((c) => (
        <Tab
          key={String(c.id)}
          value={String(c.id)}
          label={<Label name={c.name} count={counts?.values[String(c.id)]} />}
          data-testid={`list-tab-${String(c.id)}`}
        />
      ))}
    </Tabs>
  );
}

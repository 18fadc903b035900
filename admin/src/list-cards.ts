// Below 900 px every list (every Datagrid: generated, hand-written, inside a form) is a column of cards
// instead of a table wider than the screen: each row a card, each value under its column's label (the
// label KeyboardRow.tsx puts in every cell), the row's checkbox in the card's corner. The header keeps
// the «select all» box and the columns a list sorts by, as a row of buttons above the cards. Nothing
// scrolls sideways. As a table (900 px and wider) the labels are not shown: the header says them.
//
// The cards are the table's own elements laid out anew (display: block and grid): one list, one set of
// rows, whatever the width. Laid out so, the browser no longer calls them a table: a screen reader reads
// each card as its labels and values, in order.

/** The width below which lists are cards (and the menu a drawer, Layout.tsx). */
export const CARDS_BELOW = '(max-width: 899.95px)';

/** The label of a cell: what the column's header says. */
export const CELL_LABEL_CLASS = 'ShopCell-label';

/** The cell of the row's selection checkbox. */
export const SELECT_CELL_CLASS = 'ShopRow-select';

const media = `@media ${CARDS_BELOW}`;

/** The styles of the layout (Layout.tsx) that make the lists cards when narrow. */
export const listCardsSx = {
  [`& .${CELL_LABEL_CLASS}`]: { display: 'none' },
  [`& td.${SELECT_CELL_CLASS}`]: { width: 48, padding: '0 0 0 4px' },
  [media]: {
    '& .RaDatagrid-tableWrapper': { overflowX: 'visible' },
    '& table.RaDatagrid-table, & .RaDatagrid-tbody, & .RaDatagrid-thead': { display: 'block' },
    // The header: «select all» and the sort buttons, wrapped; a column that cannot sort says nothing here.
    '& .RaDatagrid-thead > tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0 4px' },
    '& .RaDatagrid-thead > tr > th': { display: 'block', border: 0, width: 'auto', py: 0.5, px: 1 },
    '& .RaDatagrid-thead > tr > th:not(:has(.MuiTableSortLabel-root, input))': { display: 'none' },
    // A card's values in columns of label–value pairs: two on a tablet, one on a phone.
    '& .RaDatagrid-tbody > tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
      columnGap: 2,
      alignItems: 'start',
      position: 'relative',
      height: 'auto',
      mx: 1,
      my: 1,
      py: 1,
      pr: 6,
      pl: 0,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      bgcolor: 'background.paper',
    },
    '& .RaDatagrid-tbody > tr > td': {
      display: 'flex',
      // A column aligned right (money) reads label first too.
      flexDirection: 'row',
      justifyContent: 'flex-start',
      alignItems: 'baseline',
      gap: 2,
      width: 'auto',
      maxWidth: 'none',
      border: 0,
      py: 0.5,
      px: 1.5,
      textAlign: 'left',
      overflowWrap: 'anywhere',
      whiteSpace: 'normal',
    },
    // A value may shrink to its column and wrap, a chip (a group, a category) too.
    '& .RaDatagrid-tbody > tr > td > *': { minWidth: 0 },
    '& .RaDatagrid-tbody .MuiChip-root': { maxWidth: '100%', height: 'auto', minHeight: 24 },
    '& .RaDatagrid-tbody .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    // A value without a label (a product's picture) heads its card on a line of its own.
    [`& .RaDatagrid-tbody > tr > td:not(:has(.${CELL_LABEL_CLASS})):not(.${SELECT_CELL_CLASS})`]: {
      gridColumn: '1 / -1',
    },
    [`& .RaDatagrid-tbody > tr > td.${SELECT_CELL_CLASS}`]: {
      position: 'absolute',
      top: 4,
      right: 4,
      width: 'auto',
      p: 0,
    },
    [`& .${CELL_LABEL_CLASS}::before`]: { content: 'attr(data-label)' },
    [`& .${CELL_LABEL_CLASS}`]: {
      display: 'block',
      flex: '0 0 38%',
      maxWidth: 180,
      color: 'text.secondary',
      fontSize: '0.8125rem',
    },
  },
};

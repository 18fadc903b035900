// Every Datagrid's row (the theme's default body, App.tsx): generated and hand-written lists alike get
// - a row that opens from the keyboard as it does on a click: a tab stop whenever the row leads somewhere
//   (rowClick), Enter or Space opens it;
// - a selection checkbox named after its row («Выбрать: 2026-000123», the record's representation), where
//   react-admin's put «Select this row» on the box's wrapper, which may not carry a name, and left the box
//   itself unnamed;
// - each cell with its column's label, shown only when the list is a column of cards (below 900 px,
//   list-cards.ts), where no header stands above the value.
import {
  Children,
  forwardRef,
  isValidElement,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useForkRef } from '@mui/material/utils';
import Checkbox from '@mui/material/Checkbox';
import {
  DatagridBody,
  DatagridRow,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslateLabel,
  type DatagridBodyProps,
  type DatagridRowProps,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { CELL_LABEL_CLASS, SELECT_CELL_CLASS } from './list-cards';

interface FieldProps {
  source?: string;
  label?: unknown;
  textAlign?: 'left' | 'right' | 'center';
  cellClassName?: string;
  sortable?: boolean;
  sortBy?: string;
}

/**
 * A cell's content with its column's label before it (hidden while the list is a table): DatagridCell
 * reads the alignment and cell class of the field it wraps, so this takes them over from the field.
 */
function LabelledCell({ label, children }: { label: string; children: ReactNode } & FieldProps) {
  return (
    <>
      {/* The label as the style's generated text (list-cards.ts): seen and read in a card, no part of the
          cell's text (a copy, a test reading a value). */}
      {label ? <span className={CELL_LABEL_CLASS} data-label={label} /> : null}
      {children}
    </>
  );
}

/** The selection checkbox, in the first cell: named after its row; a click selects and opens nothing. */
function SelectRow({
  id,
  selected,
  selectable,
  onToggleItem,
}: {
  id: Identifier;
  selected: boolean;
  selectable: boolean;
  onToggleItem?: DatagridRowProps['onToggleItem'];
} & FieldProps) {
  const resource = useResourceContext();
  const record = useRecordContext<RaRecord>();
  const represent = useGetRecordRepresentation(resource);
  const shown = record ? represent(record) : null;
  const name = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : `№ ${id}`;
  return (
    <Checkbox
      color="primary"
      className={`select-item RaDatagrid-checkbox`}
      checked={selectable && selected}
      disabled={!selectable}
      slotProps={{ input: { 'aria-label': `Выбрать: ${name}` } }}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        if (selectable && onToggleItem) onToggleItem(id, event);
      }}
    />
  );
}

export const KeyboardRow = forwardRef<HTMLTableRowElement, DatagridRowProps>(
  function KeyboardRow(props, ref) {
    const { children, hasBulkActions, id, selected = false, selectable = true, onToggleItem } = props;
    const resource = useResourceContext(props);
    const translateLabel = useTranslateLabel();
    const leads = Boolean(props.rowClick);
    const cells = [
      hasBulkActions && id !== undefined ? (
        <SelectRow
          key="select"
          cellClassName={SELECT_CELL_CLASS}
          id={id}
          selected={selected}
          selectable={selectable}
          onToggleItem={onToggleItem}
        />
      ) : null,
      ...Children.toArray(children).map((field, index) => {
        if (!isValidElement<FieldProps>(field)) return field;
        const { label, source, textAlign, cellClassName, sortable, sortBy } = field.props;
        const translated =
          label === '' || label === false || (label !== undefined && typeof label !== 'string')
            ? ''
            : translateLabel({ label, source, resource });
        const text = typeof translated === 'string' ? translated : '';
        return (
          <LabelledCell
            key={field.key ?? source ?? index}
            label={text}
            source={source}
            textAlign={textAlign ?? (field.type as { textAlign?: FieldProps['textAlign'] }).textAlign}
            cellClassName={cellClassName}
            sortable={sortable}
            sortBy={sortBy}
          >
            {field}
          </LabelledCell>
        );
      }),
    ];
    return (
      <DatagridRow
        {...props}
        hasBulkActions={false}
        ref={ref}
        tabIndex={leads ? 0 : undefined}
        onKeyDown={(e: KeyboardEvent<HTMLTableRowElement>) => {
          // Only the row itself: Enter in a checkbox or on a link inside the row does what those do.
          if (!leads || e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
          e.preventDefault();
          e.currentTarget.click();
        }}
      >
        {cells}
      </DatagridRow>
    );
  },
);

/**
 * A table wider than its place scrolls sideways inside its wrapper (Layout.tsx): the wrapper is then a tab
 * stop named «Таблица: прокрутка вбок», so that the keyboard's arrows scroll it too (axe:
 * scrollable-region-focusable); a table that fits is no tab stop.
 */
function useScrollableWrapper(body: RefObject<HTMLTableSectionElement | null>) {
  useEffect(() => {
    const wrapper = body.current?.closest<HTMLElement>('.RaDatagrid-tableWrapper');
    if (!wrapper) return;
    const mark = () => {
      if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
        wrapper.tabIndex = 0;
        wrapper.setAttribute('role', 'region');
        wrapper.setAttribute('aria-label', 'Таблица: прокрутка вбок');
      } else {
        wrapper.removeAttribute('tabindex');
        wrapper.removeAttribute('role');
        wrapper.removeAttribute('aria-label');
      }
    };
    const observer = new ResizeObserver(mark);
    observer.observe(wrapper);
    const table = wrapper.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [body]);
}

/**
 * The body every Datagrid renders by default: the rows above. A component, not an element: the theme's
 * options are deep-merged, and an element would not survive it.
 */
export const KeyboardBody = forwardRef<HTMLTableSectionElement, DatagridBodyProps>(
  function KeyboardBody(props, ref) {
    const own = useRef<HTMLTableSectionElement>(null);
    useScrollableWrapper(own);
    return <DatagridBody {...props} ref={useForkRef(ref, own)} row={<KeyboardRow />} />;
  },
);

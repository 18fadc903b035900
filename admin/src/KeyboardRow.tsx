// A list row that opens from the keyboard as it does on a click: a tab stop whenever the row leads
// somewhere (rowClick), Enter or Space opens it. Every Datagrid gets it through the theme (App.tsx), so
// generated and hand-written lists alike.
import { forwardRef, type KeyboardEvent } from 'react';
import { DatagridBody, DatagridRow, type DatagridBodyProps, type DatagridRowProps } from 'react-admin';

export const KeyboardRow = forwardRef<HTMLTableRowElement, DatagridRowProps>(
  function KeyboardRow(props, ref) {
    const leads = Boolean(props.rowClick);
    return (
      <DatagridRow
        {...props}
        ref={ref}
        tabIndex={leads ? 0 : undefined}
        onKeyDown={(e: KeyboardEvent<HTMLTableRowElement>) => {
          // Only the row itself: Enter in a checkbox or on a link inside the row does what those do.
          if (!leads || e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
          e.preventDefault();
          e.currentTarget.click();
        }}
      />
    );
  },
);

/**
 * The body every Datagrid renders by default: rows that open from the keyboard. A component, not an element:
 * the theme's options are deep-merged, and an element would not survive it.
 */
export const KeyboardBody = forwardRef<HTMLTableSectionElement, DatagridBodyProps>(
  function KeyboardBody(props, ref) {
    return <DatagridBody {...props} ref={ref} row={<KeyboardRow />} />;
  },
);

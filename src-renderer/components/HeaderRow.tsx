import type { ReactNode } from 'react';

/** One column heading of a results table. */
export interface Column {
  /** What the heading says (or, with `hidden`, what a screen reader reads). */
  label: ReactNode;
  /** A React key, where the label is not a plain string. */
  key?: string;
  /** A numeric column: right-aligned like its cells. */
  num?: boolean;
  /** The column the rows are sorted by, for screen readers. */
  sort?: 'ascending' | 'descending';
  /** The heading is read but not shown (an actions column). */
  hidden?: boolean;
  /** What the column means, on hover. */
  title?: string;
  /**
   * A column a narrow window may scroll to (a source, notes, a year): every other column stays
   * on screen at 1280 px (e2e/a11y.spec.ts), the last (the row's actions) pinned to the right.
   */
  secondary?: boolean;
  /** A class of the heading's own (a width its words need). */
  className?: string;
}

/** The `<thead>` of a table whose headings are plain column headers (scope="col"). */
export function HeaderRow({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.key ?? (typeof column.label === 'string' ? column.label : index)}
            scope="col"
            className={[column.num ? 'num' : '', column.className ?? ''].join(' ').trim() || undefined}
            aria-sort={column.sort}
            title={column.title}
            data-secondary={column.secondary ? '' : undefined}
          >
            {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

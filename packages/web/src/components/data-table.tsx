import { ActionIcon, Alert, Card, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import {
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { countText } from '../lib/display.ts';
import { __, _n, sprintf } from '../lib/i18n.ts';
import { getAdminUrl, navigate, type QueryValues } from '../lib/navigation.ts';
import { ColumnChooser } from './column-chooser.tsx';
import classes from './data-table.module.css';
import { focusIsLost } from './focus.ts';
import { ConfirmedSelect } from './list/confirmed-select.tsx';
import { LoadError } from './load-error.tsx';

export type SortDirection = 'asc' | 'desc';

export interface DataTableColumn<Row> {
  /** The column's key: its sort key in `orderby` and its name in hidden-column preferences. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The first sort direction a click asks for; numbers and dates start with the largest. */
  defaultDirection?: SortDirection;
  /** A column that must stay shown. */
  required?: boolean;
  numeric?: boolean;
  /** Keeps the cell on one line (dates and times). */
  nowrap?: boolean;
  /** Cells with their own links or buttons do not also link to the row's page. */
  ownLinks?: boolean;
  /**
   * Stays in view at the table's right edge while a wide table scrolls sideways: the row's
   * actions (capture, cancel, respond), which a merchant should not have to scroll to.
   */
  pinned?: boolean;
}

/** The class names of a column's header or cell: numbers to the right, one line, pinned. */
function columnClasses(
  base: string | undefined,
  column: Pick<DataTableColumn<unknown>, 'numeric' | 'nowrap' | 'pinned'>,
): string {
  return [
    base,
    column.numeric && classes.numeric,
    column.nowrap && classes.nowrap,
    column.pinned && classes.pinned,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology and tests. */
  title: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Where a row leads (an admin page and its query); a row without one is not a link. */
  rowLink?: (row: Row) => { path: string; query: QueryValues } | undefined;
  /**
   * The row link's accessible name when its text (a date) does not say which row it is; it
   * starts with that text, so what is seen is what a voice command says.
   */
  rowLinkName?: (row: Row) => string;
  isLoading: boolean;
  /** A failed load shows this message instead of rows. */
  errorMessage?: string | undefined;
  /** Asks again after a failed read: the error then offers a Retry. */
  onRetry?: (() => void) | undefined;
  emptyMessage: string;
  sort: { orderby: string; order: SortDirection };
  onSortChange: (orderby: string, order: SortDirection) => void;
  hiddenColumns: readonly string[];
  onHiddenColumnsChange: (hidden: string[]) => void;
  page: number;
  perPage: number;
  /** How many rows the whole list has; undefined while it is counted. */
  totalRows: number | undefined;
  onPageChange: (page: number) => void;
  /** Called with the last page when the URL asks for one past it; the list should move there. */
  onPageOutOfRange?: ((lastPage: number) => void) | undefined;
  onPerPageChange: (perPage: number) => void;
  /** Controls above the table (search, filters, export). */
  actions?: ReactNode;
  /** A panel the actions open (advanced filters): after them in the Tab order, above the rows. */
  panel?: ReactNode;
  /** Totals below the rows. */
  summary?: ReactNode;
  testId?: string;
}

const PER_PAGE_OPTIONS = ['25', '50', '75', '100'];
/** What a cell's focus can land on, in the order Tab visits them. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where the focus was in the rows: which row, which column and which control of the cell. */
interface RowFocus {
  index: number;
  column: string;
  nth: number;
}
const features = tableFeatures({ columnVisibilityFeature });
const NO_ROWS: never[] = [];

/**
 * A server-paged list: sortable headers, columns the merchant can hide, pagination and a
 * summary row. Rows, sorting and the page come from the caller (kept in the URL); TanStack
 * Table keeps the column model and which columns show.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { columns, hiddenColumns } = props;
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return columns.map((column) =>
      helper.display({
        id: column.id,
        header: column.header,
        enableHiding: !column.required,
        cell: (context) => column.cell(context.row.original),
      }),
    );
  }, [columns]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () =>
      Object.fromEntries(
        columns.map((column) => [column.id, column.required || !hiddenColumns.includes(column.id)]),
      ),
    [columns, hiddenColumns],
  );
  const data = (props.rows ?? NO_ROWS) as readonly Row[];
  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row) => props.rowKey(row),
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
      props.onHiddenColumnsChange(
        columns.filter((column) => !column.required && next[column.id] === false).map((column) => column.id),
      );
    },
  });
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const visible = table.getVisibleLeafColumns();
  const visibleIds = visible.map((column) => column.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids stand for the visible columns
  const visibleColumns = useMemo(() => visible.map((column) => byId.get(column.id)!), [visibleIds, columns]);
  const pageCount =
    props.totalRows === undefined ? 1 : Math.max(1, Math.ceil(props.totalRows / props.perPage));
  // A page past the last one (an old link, rows removed since) would show an empty table under
  // "Page N of N": move to the last page instead, once the count is known.
  const beyondEnd = props.totalRows !== undefined && props.page > pageCount;
  const { onPageOutOfRange } = props;
  useEffect(() => {
    if (beyondEnd) onPageOutOfRange?.(pageCount);
  }, [beyondEnd, pageCount, onPageOutOfRange]);

  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const tbody = useRef<HTMLTableSectionElement>(null);
  useFocusKeeper(tbody, heading, data);
  const announcement = useResultsAnnouncement(
    !props.isLoading && !props.errorMessage ? props.totalRows : undefined,
    data,
  );
  // The page scrolls to its top on another page of rows: the focus follows, to the list's heading.
  const changePage = (page: number) => {
    props.onPageChange(page);
    heading.current?.focus();
  };

  const headerCell = (id: string) => {
    const column = byId.get(id)!;
    const sorted = props.sort.orderby === id ? props.sort.order : false;
    if (!column.sortable) {
      return (
        <th key={id} className={columnClasses(classes.th, column)}>
          {column.header}
        </th>
      );
    }
    const next: SortDirection = sorted
      ? sorted === 'asc'
        ? 'desc'
        : 'asc'
      : (column.defaultDirection ?? 'desc');
    return (
      <th
        key={id}
        className={columnClasses(classes.th, column)}
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      >
        <UnstyledButton
          fw={700}
          fz="sm"
          onClick={() => props.onSortChange(id, next)}
          // A header past the scroll container's edge comes into view as it takes the focus.
          onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
          data-testid={`sort-${id}`}
          title={sprintf(__('Sort by %s'), column.header)}
        >
          {column.header}
          {/* The arrow is for the eye; aria-sort on the header tells the direction. */}
          {sorted && <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>}
        </UnstyledButton>
      </th>
    );
  };

  let body: ReactNode;
  if (props.errorMessage) {
    body = (
      <tr>
        <td colSpan={visible.length} className={classes.cell}>
          {props.onRetry ? (
            <LoadError message={props.errorMessage} onRetry={props.onRetry} testId="list-error" />
          ) : (
            <Alert color="red" role="alert" data-testid="list-error">
              {props.errorMessage}
            </Alert>
          )}
        </td>
      </tr>
    );
  } else if (props.isLoading) {
    body = Array.from({ length: Math.min(props.perPage, 10) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart
      <tr key={index} aria-hidden className={classes.row}>
        {visible.map((column) => (
          <td key={column.id} className={classes.cell}>
            <div className={classes.placeholder} />
          </td>
        ))}
      </tr>
    ));
  } else if (data.length === 0) {
    body = (
      <tr>
        <td colSpan={visible.length} className={classes.cell}>
          <Text ta="center" c="dimmed" py="lg" data-testid="list-empty">
            {props.emptyMessage}
          </Text>
        </td>
      </tr>
    );
  } else {
    body = (
      <Rows
        rows={data}
        columns={visibleColumns}
        rowKey={props.rowKey}
        rowLink={props.rowLink}
        rowLinkName={props.rowLinkName}
      />
    );
  }

  return (
    <Card withBorder padding={0} data-testid={props.testId}>
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <Text fw={600} component="h2" m={0} id={headingId} ref={heading} tabIndex={-1}>
          {props.title}
        </Text>
        <Group gap="xs" wrap="wrap">
          {props.actions}
          <ColumnChooser
            choices={table
              .getAllLeafColumns()
              .filter((column) => !byId.get(column.id)?.required)
              .map((column) => ({
                id: column.id,
                header: byId.get(column.id)!.header,
                visible: column.getIsVisible(),
              }))}
            onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
          />
        </Group>
      </Group>
      {props.panel}
      {/* Results are told once they change: how many rows the list now has. */}
      <VisuallyHidden role="status" data-testid="list-announcement">
        {announcement}
      </VisuallyHidden>
      {/* A table wider than the screen scrolls here, not the page: the region takes the focus, so
          the arrow keys scroll it, and is named after the list (docs/layout.md). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard */}
      <section className={classes.scroll} aria-labelledby={headingId} tabIndex={0}>
        <table className={classes.table} aria-labelledby={headingId}>
          <thead>
            <tr>{visible.map((column) => headerCell(column.id))}</tr>
          </thead>
          <tbody ref={tbody}>{body}</tbody>
        </table>
      </section>
      {props.summary}
      {!props.errorMessage && (props.totalRows ?? 0) > 0 && (
        <Group justify="space-between" p="sm" gap="sm">
          <Pager page={Math.min(props.page, pageCount)} pageCount={pageCount} onChange={changePage} />
          <Group gap={6}>
            <Text size="sm" aria-hidden>
              {__('Rows per page')}
            </Text>
            <ConfirmedSelect
              aria-label={__('Rows per page')}
              data={PER_PAGE_OPTIONS}
              value={String(props.perPage)}
              onConfirm={(value) => props.onPerPageChange(Number(value))}
              w={80}
              size="xs"
              data-testid="rows-per-page"
            />
          </Group>
        </Group>
      )}
    </Card>
  );
}

/**
 * Keeps the focus in the rows when the control holding it goes away (a captured authorization
 * leaves the list with its buttons): it moves to the same control of the row now in that place,
 * else that row's first control, else the list's heading. Never to the page's start.
 */
function useFocusKeeper(
  tbody: RefObject<HTMLTableSectionElement | null>,
  heading: RefObject<HTMLHeadingElement | null>,
  rows: readonly unknown[],
) {
  const last = useRef<RowFocus | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      const body = tbody.current;
      if (body?.contains(target)) {
        const row = target.closest('tr');
        const cell = target.closest('td');
        const controls = cell ? Array.from(cell.querySelectorAll(FOCUSABLE)) : [];
        last.current = {
          index: row ? Array.from(body.rows).indexOf(row) : 0,
          column: cell?.dataset.column ?? '',
          nth: Math.max(0, controls.indexOf(target)),
        };
      } else if (!target.closest('[role="dialog"], .mantine-Notifications-root')) {
        // The person moved on (a confirmation or a notice in between keeps the place).
        last.current = null;
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!tbody.current?.contains(event.target as Node)) last.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [tbody]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are when the focus may have gone
  useEffect(() => {
    const place = last.current;
    const body = tbody.current;
    if (!place || !focusIsLost()) return;
    const rowElements = body ? Array.from(body.rows).filter((row) => row.dataset.testid === 'list-row') : [];
    const row = rowElements[Math.min(place.index, rowElements.length - 1)];
    const cell = row?.querySelector<HTMLElement>(`td[data-column="${CSS.escape(place.column)}"]`);
    const inCell = cell ? Array.from(cell.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
    const target =
      inCell[place.nth] ?? inCell[0] ?? row?.querySelector<HTMLElement>(FOCUSABLE) ?? heading.current;
    target?.focus();
  }, [rows]);
}

/**
 * What the list's live region says: the number of rows found, after the rows change (a filter,
 * a search, an action), not on the first load, where the page's heading speaks.
 */
function useResultsAnnouncement(count: number | undefined, rows: readonly unknown[]): string {
  const [text, setText] = useState('');
  const loaded = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of rows is told
  useEffect(() => {
    if (count === undefined) return;
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    setText(sprintf(_n('%s result', '%s results', count), countText(count)));
  }, [count, rows]);
  return text;
}

/** Follows a row's link inside the app; a modified click still opens a new tab. */
function followLink(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href')!);
}

interface RowsProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  rowLink: DataTableProps<Row>['rowLink'];
  rowLinkName: DataTableProps<Row>['rowLinkName'];
}

/**
 * The rows of one page, as plain table elements: they re-render only when the rows, the
 * shown columns or the link rule change, not when a count or a preference elsewhere does.
 */
const Rows = memo(function Rows<Row>({ rows, columns, rowKey, rowLink, rowLinkName }: RowsProps<Row>) {
  return rows.map((row) => {
    const link = rowLink?.(row);
    const href = link ? getAdminUrl(link.path, link.query) : undefined;
    return (
      <tr
        key={rowKey(row)}
        className={href ? `${classes.row} ${classes.linked}` : classes.row}
        data-testid="list-row"
        onClick={
          href
            ? (event) => {
                // Links and buttons inside the row do their own thing.
                if ((event.target as HTMLElement).closest('a,button,input')) return;
                navigate(href);
              }
            : undefined
        }
      >
        {columns.map((column, index) => {
          const content = column.cell(row);
          return (
            <td key={column.id} className={columnClasses(classes.cell, column)} data-column={column.id}>
              {/* One link per row, in its first cell: a screen reader lists each row once, and the
                  rest of the row follows it on a click. */}
              {href && index === 0 && !column.ownLinks ? (
                <a href={href} className={classes.link} onClick={followLink} aria-label={rowLinkName?.(row)}>
                  {content}
                </a>
              ) : (
                content
              )}
            </td>
          );
        })}
      </tr>
    );
  });
}) as <Row>(props: RowsProps<Row>) => ReactNode;

interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Previous and next page, and where the list stands: "Page 2 of 17". */
function Pager({ page, pageCount, onChange }: PagerProps) {
  return (
    <Group gap={6} data-testid="pager">
      <ActionIcon
        variant="default"
        aria-label={__('Previous Page')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        ‹
      </ActionIcon>
      <Text size="sm" aria-live="polite">
        {sprintf(__('Page %1$s of %2$s'), countText(page), countText(pageCount))}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={__('Next Page')}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        ›
      </ActionIcon>
    </Group>
  );
}

import {
  makeStyles,
  mergeClasses,
  TableCell,
  TableHeaderCell,
  type TableCellProps,
  type TableHeaderCellProps,
} from '@fluentui/react-components';

const useStyles = makeStyles({
  figure: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  header: { textAlign: 'end' },
  // A header's label sits in a flex box of its own (Fluent's sort button): moved to the end, it stands over the figures.
  label: { justifyContent: 'flex-end', textAlign: 'end' },
});

/**
 * A table cell holding a figure (an amount, a count, a rate): right-aligned, digits of equal width,
 * never wrapped, so a column of figures reads down its units. The generated lists align theirs the
 * same way; these are for a plugin's own tables.
 */
export function FigureCell({ className, ...props }: TableCellProps) {
  const styles = useStyles();
  return <TableCell {...props} className={mergeClasses(styles.figure, className)} />;
}

/** The header over a column of FigureCells, its label aligned with them (a long one may wrap). */
export function FigureHeaderCell({ className, ...props }: Omit<TableHeaderCellProps, 'button'>) {
  const styles = useStyles();
  return (
    <TableHeaderCell
      {...props}
      className={mergeClasses(styles.header, className)}
      button={{ className: styles.label }}
    />
  );
}

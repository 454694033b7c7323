import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FigureCell, FigureHeaderCell } from '@core/sdk/web';
import type { DepartmentView } from '../../shared/departments';
import { useDepartmentFormat } from './format';

const useStyles = makeStyles({
  tables: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(480px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Text as="h2" size={400} weight="semibold">
        {title}
      </Text>
      {empty ? <Text>{t('departments.noTransactions')}</Text> : children}
    </section>
  );
}

/** The month's income and spend by article and by project; each table adds up to the headline figures. */
export function BreakdownTables({ view }: { view: DepartmentView }) {
  const { t } = useTranslation('finance');
  const formats = useDepartmentFormat();
  const styles = useStyles();
  const byArticle = t('departments.byArticle');
  const byProject = t('departments.byProject');
  return (
    <div className={styles.tables}>
      <Section title={byArticle} empty={view.by_article.length === 0}>
        <Table size="small" aria-label={byArticle}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('fields.article')}</TableHeaderCell>
              <TableHeaderCell>{t('fields.direction')}</TableHeaderCell>
              <FigureHeaderCell>{t('departments.figures.income')}</FigureHeaderCell>
              <FigureHeaderCell>{t('departments.figures.spend')}</FigureHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.by_article.map((row) => (
              <TableRow key={row.article_id}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{t(`fields.directionValues.${row.direction}`)}</TableCell>
                <FigureCell>{formats.usd(row.income_usd)}</FigureCell>
                <FigureCell>{formats.usd(row.spend_usd)}</FigureCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={byProject} empty={view.by_project.length === 0}>
        <Table size="small" aria-label={byProject}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('fields.project')}</TableHeaderCell>
              <FigureHeaderCell>{t('departments.figures.income')}</FigureHeaderCell>
              <FigureHeaderCell>{t('departments.figures.spend')}</FigureHeaderCell>
              <FigureHeaderCell>{t('departments.net')}</FigureHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.by_project.map((row) => (
              <TableRow key={row.project_id ?? 'none'}>
                <TableCell>{row.name ?? t('departments.noProject')}</TableCell>
                <FigureCell>{formats.usd(row.income_usd)}</FigureCell>
                <FigureCell>{formats.usd(row.spend_usd)}</FigureCell>
                <FigureCell>{formats.usd(row.net_usd)}</FigureCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </div>
  );
}

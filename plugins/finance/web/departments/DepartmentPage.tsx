import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { DataView, HttpClients, serverMessage, useData, useInjection, useLocaleFormat } from '@core/sdk/web';
import type { DepartmentType } from '../../shared/resources';
import { BreakdownTables } from './BreakdownTables';
import { DepartmentTrend } from './DepartmentTrend';
import { departmentTitleKey } from './department-names';
import { monthFromSearch } from './department-month';
import { fetchDepartmentView } from './departments-api';
import { HeadlineCards } from './HeadlineCards';
import { MonthChooser } from './MonthChooser';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  divisions: { color: tokens.colorNeutralForeground2 },
  link: { color: tokens.colorBrandForegroundLink },
});

/**
 * `/departments/{type}` (FH): one department's month against the month before — headcount,
 * payroll with its motivation status, income, spend, result — the six months' trend as a chart,
 * and the month by article and by project. The month lives in the URL (`?month=YYYY-MM`).
 */
function DepartmentPage({ type }: { type: DepartmentType }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const [search, setSearch] = useSearchParams();
  const month = monthFromSearch(search);
  const view = useData((signal) => fetchDepartmentView(http, type, month, signal), [http, type, month]);
  const choose = (next: string) => setSearch({ month: next }, { replace: true });

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t(departmentTitleKey(type))}</Title2>
        <MonthChooser month={month} onChange={choose} />
      </div>
      <DataView data={view} errorText={serverMessage}>
        {(answer) => (
          <>
            {answer.divisions.length === 0 ? (
              <MessageBar intent="info" data-no-divisions>
                <MessageBarBody>
                  {t('departments.noDivisions', { department: t(`fields.departmentTypeValues.${type}`) })}{' '}
                  <RouterLink className={styles.link} to="/divisions">
                    {t('departments.openDivisions')}
                  </RouterLink>
                </MessageBarBody>
              </MessageBar>
            ) : (
              <Text className={styles.divisions}>
                {t('departments.divisions', { names: answer.divisions.map((division) => division.name).join(', ') })}
              </Text>
            )}
            <Text as="h2" size={500} weight="semibold">
              {format.month(month)}
            </Text>
            <HeadlineCards view={answer} />
            <DepartmentTrend trend={answer.trend} />
            <BreakdownTables view={answer} />
          </>
        )}
      </DataView>
    </div>
  );
}

/** The page of one department, for its manifest path. */
export function departmentPage(type: DepartmentType): ComponentType {
  const Page = () => <DepartmentPage type={type} />;
  Page.displayName = `DepartmentPage(${type})`;
  return Page;
}

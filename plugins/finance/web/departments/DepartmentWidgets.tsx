import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DataView, useData, useInjection } from '@core/sdk/web';
import type { DepartmentType } from '../../shared/resources';
import { dataOf, failureText } from '../finance-result';
import { ChangeIndicator } from './ChangeIndicator';
import { departmentPath, departmentTitleKey } from './department-names';
import { DepartmentsSummaryStore } from './departments-summary-store';
import { useDepartmentFormat } from './format';

const useStyles = makeStyles({
  // The dashboard's grid sizes the card.
  card: { height: '100%', boxSizing: 'border-box' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground2 },
  result: { fontVariantNumeric: 'tabular-nums' },
  link: { color: tokens.colorBrandForegroundLink },
});

/** One department's dashboard card: this month's result, its change against last month, headcount, a link to the page. */
function DepartmentWidget({ type }: { type: DepartmentType }) {
  const { t } = useTranslation('finance');
  const formats = useDepartmentFormat();
  const styles = useStyles();
  const store = useInjection(DepartmentsSummaryStore);
  const summary = useData(() => dataOf(store.load()), [store]);
  const title = t(departmentTitleKey(type));
  return (
    <Card className={styles.card} role="region" aria-label={title} data-department={type}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
        }
      />
      <DataView data={summary} errorText={failureText}>
        {(found) => {
          const headline = found.departments.find((department) => department.type === type);
          return (
            headline && (
              <div className={styles.body}>
                {!headline.has_divisions && (
                  <Text>{t('departments.noDivisions', { department: t(`fields.departmentTypeValues.${type}`) })}</Text>
                )}
                <Text className={styles.label}>{t('departments.widgetResult')}</Text>
                <Text className={styles.result} size={500} weight="semibold" data-value>
                  {formats.usd(headline.result_usd)}
                </Text>
                <Text size={200}>
                  <ChangeIndicator change={headline.result_change} format={formats.usd} betterWhen="up" />{' '}
                  {t('departments.vsPrevious')}
                </Text>
                <Text data-headcount>{t('departments.headcountLine', { headcount: headline.headcount })}</Text>
                <RouterLink className={styles.link} to={departmentPath(type)}>
                  {t('departments.open')}
                </RouterLink>
              </div>
            )
          );
        }}
      </DataView>
    </Card>
  );
}

/** The widget of one department, for its dashboard slot item. */
export function departmentWidget(type: DepartmentType): ComponentType {
  const Widget = () => <DepartmentWidget type={type} />;
  Widget.displayName = `DepartmentWidget(${type})`;
  return Widget;
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { filteredListPath, type ResourceCellProps } from '@core/sdk/web';
import { calculationModelRulesResource, employeeModelsResource } from '../../shared/pay-models';

const useStyles = makeStyles({
  cell: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'baseline', whiteSpace: 'nowrap' },
  link: { color: tokens.colorBrandForegroundLink, fontSize: tokens.fontSizeBase200 },
});

/** Where a model's rules and assignments are listed: their screens filtered to the model. */
export const modelRulesPath = (modelId: number): string =>
  filteredListPath('/calculation-model-rules', calculationModelRulesResource, [
    { field: 'model_id', op: 'eq', value: String(modelId) },
  ]);
export const modelAssignmentsPath = (modelId: number): string =>
  filteredListPath('/employee-models', employeeModelsResource, [
    { field: 'model_id', op: 'eq', value: String(modelId) },
  ]);

/** A model's name with links to its rules and its assignments. */
export function ModelNameCell({ record, value }: ResourceCellProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  return (
    <span className={styles.cell}>
      <span>{String(value ?? '')}</span>
      <Link className={styles.link} to={modelRulesPath(record.id)}>
        {t('payModels.rules')}
      </Link>
      <Link className={styles.link} to={modelAssignmentsPath(record.id)}>
        {t('payModels.assignments')}
      </Link>
    </span>
  );
}

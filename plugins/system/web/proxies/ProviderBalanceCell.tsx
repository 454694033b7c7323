import { useTranslation } from 'react-i18next';
import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { CellValue, type ResourceCellProps } from '@core/sdk/web';

const useStyles = makeStyles({
  missing: { color: tokens.colorNeutralForeground3 },
});

/**
 * A provider's balance as it last said, or why there is none: the local provider buys nothing and
 * has no account, and another is asked only by its "Check balance" action, so until then the cell
 * says it was not checked rather than stay blank (the reason on hover and focus).
 */
export function ProviderBalanceCell(props: ResourceCellProps) {
  const { t } = useTranslation('system');
  const styles = useStyles();
  if (props.value !== null && props.value !== undefined)
    return <CellValue definition={props.definition} record={props.record} name={props.name} field={props.field} />;
  const reason = props.record.adapter === 'local' ? 'none' : 'notChecked';
  return (
    <Tooltip relationship="description" content={t(`providerBalance.${reason}Details`)}>
      <span className={styles.missing} tabIndex={0} data-balance-missing={reason}>
        {t(`providerBalance.${reason}`)}
      </span>
    </Tooltip>
  );
}

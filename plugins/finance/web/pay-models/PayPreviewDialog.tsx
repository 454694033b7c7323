import { useTranslation } from 'react-i18next';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { localIsoDate, type DataEnvelope, type ResourceRecord } from '@core/sdk/shared';
import { DataView, formatMoney, HttpClients, InfoDialog, useData, useInjection, useLocaleFormat } from '@core/sdk/web';
import type { PayComputation } from '../../shared/pay';
import { employeeModelsResource } from '../../shared/pay-models';
import { LineExplanation } from '../motivation/LineExplanation';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(72rem, 96vw)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  totals: { display: 'flex', gap: tokens.spacingHorizontalXXL, margin: 0, flexWrap: 'wrap' },
  term: { color: tokens.colorNeutralForeground2 },
  figure: { margin: 0, fontWeight: tokens.fontWeightSemibold },
});

/** The month's base, bonus, total and each rule's line, as the motivation sheet would compute them. */
function Computation({ pay }: { readonly pay: PayComputation }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const totals: readonly [string, string][] = [
    [t('payModels.base'), pay.base_usd],
    [t('payModels.bonus'), pay.bonus_usd],
    [t('payModels.total'), pay.total_usd],
  ];
  return (
    <>
      <Text>{pay.model_name}</Text>
      <dl className={styles.totals}>
        {totals.map(([term, amount]) => (
          <div key={term}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.figure}>{formatMoney({ amount, currency: 'USD' }, format)}</dd>
          </div>
        ))}
      </dl>
      {pay.capped && <Text>{t('payModels.modelCapped')}</Text>}
      {/* The motivation sheet's explanation, which reads the computation's lines as stored JSON. */}
      <LineExplanation explanation={JSON.stringify(pay.lines)} />
    </>
  );
}

/** An assignment's "Preview this month": `GET employee-models/{id}/preview`, nothing stored. */
export function PayPreviewDialog({
  assignment,
  onClose,
}: {
  readonly assignment: ResourceRecord;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const http = useInjection(HttpClients).get('finance');
  const month = localIsoDate(new Date()).slice(0, 7);
  const employee = assignment._labels?.employee_id;
  const pay = useData(
    async (signal) =>
      (
        await http.get<DataEnvelope<PayComputation | null>>(`${employeeModelsResource.path}/${assignment.id}/preview`, {
          query: { month },
          signal,
        })
      ).data,
    [http, assignment.id, month],
  );
  return (
    <InfoDialog
      title={t('payModels.previewTitle', {
        name: typeof employee === 'string' ? employee : String(assignment.employee_id),
        month: format.month(month),
      })}
      onClose={onClose}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
    >
      <DataView
        data={pay}
        isEmpty={(found) => found === null}
        empty={<Text>{t('payModels.previewNone', { month: format.month(month) })}</Text>}
      >
        {(found) => found !== null && <Computation pay={found} />}
      </DataView>
    </InfoDialog>
  );
}

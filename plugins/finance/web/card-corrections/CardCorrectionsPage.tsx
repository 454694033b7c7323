import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage, ToastService, useData, useInjection, type ResourceScreenOptions } from '@core/sdk/web';
import { cardCorrectionsResource } from '../../shared/card-corrections';
import { dataOf } from '../finance-result';
import { ApproveCorrectionDialog } from './ApproveCorrectionDialog';
import { CardCorrectionsStore } from './card-corrections-store';
import { AdjustingTransactionCell, CorrectionStatusCell } from './correction-cells';
import { correctionTone, isReversal, statusOf } from './correction-record';
import { ReverseCorrectionDialog } from './ReverseCorrectionDialog';
import { WalletDifferencesPanel } from './WalletDifferencesPanel';

/**
 * `/card-corrections`: the panel of open differences per card wallet above the generated list.
 * Approving opens a confirmation naming what will be booked (and then links to the transaction);
 * reversing asks for the reason first. Both read the panel again when done.
 */
export function CardCorrectionsPage() {
  const { t } = useTranslation('finance');
  const store = useInjection(CardCorrectionsStore);
  const toasts = useInjection(ToastService);
  const summary = useData((signal) => dataOf(store.summary(signal)), [store]);
  // The runners outlive a render; they reach the panel's latest reload through this.
  const summaryReload = useRef(summary.reload);
  summaryReload.current = summary.reload;

  const options = useMemo<ResourceScreenOptions>(
    () => ({
      cells: { status: CorrectionStatusCell, transaction_id: AdjustingTransactionCell },
      rowTone: correctionTone,
      // An approved or reversed correction is final: it is reversed, never edited or deleted.
      changeable: (record) => statusOf(record) === 'open',
      rowActionRunners: {
        approve: (record, { reload, showDialog }) =>
          showDialog((close) => (
            <ApproveCorrectionDialog
              record={record}
              onClose={close}
              onApproved={() => void Promise.all([reload(), summaryReload.current()])}
            />
          )),
        reverse: (record, { reload, showDialog }) => {
          // The server refuses it too; saying so here spares a dialog that cannot succeed.
          if (isReversal(record)) {
            toasts.warning(t('cardCorrections.reversalNotReversible'));
            return;
          }
          showDialog((close) => (
            <ReverseCorrectionDialog
              record={record}
              onClose={close}
              onReversed={() => {
                toasts.success(t('cardCorrections.reversed'));
                void Promise.all([reload(), summaryReload.current()]);
              }}
            />
          ));
        },
      },
    }),
    [t, toasts],
  );

  return (
    <ResourcePage
      definition={cardCorrectionsResource}
      options={options}
      aboveList={<WalletDifferencesPanel summary={summary} />}
    />
  );
}

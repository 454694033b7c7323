import { useTranslation } from 'react-i18next';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import { CopyButton, DataView, HttpClients, InfoDialog, serverMessage, useData, useInjection } from '@core/sdk/web';
import { revealData } from './positions-api';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  data: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

export interface RevealDialogProps {
  readonly position: ResourceRecord;
  readonly onClose: () => void;
}

/**
 * One position's data, read when the dialog opens (the server audits each reveal) and shown
 * read-only with a copy button. It lives only while the dialog is open: never in the list.
 */
export function RevealDialog({ position, onClose }: RevealDialogProps) {
  const { t } = useTranslation('shop');
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const data = useData((signal) => revealData(clients, position.id, signal), [clients, position.id]);
  const title = typeof position.title === 'string' ? `${position.title} #${position.id}` : `#${position.id}`;

  return (
    <InfoDialog title={t('positions.reveal.title', { position: title })} onClose={onClose}>
      <DataView data={data} errorText={serverMessage}>
        {(revealed) => (
          <div className={styles.row}>
            <Field label={t('positions.reveal.data')} className={styles.data}>
              <Input readOnly value={revealed} className={styles.data} />
            </Field>
            <CopyButton text={revealed} />
          </div>
        )}
      </DataView>
    </InfoDialog>
  );
}

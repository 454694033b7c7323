import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Field } from '@fluentui/react-components';
import {
  HttpClients,
  ReferencePicker,
  TextImportDialog,
  ToastService,
  useData,
  useInjection,
  type TextImportOutcome,
  useReferenceLabels,
} from '@core/sdk/web';
import { PRODUCT } from '../../shared/resources';
import { loadPositions, positionCount, productFormat } from './positions-api';

export interface LoadPositionsDialogProps {
  readonly onClose: () => void;
  /** Called once positions were written, so the list shows them. */
  readonly onLoaded: () => void;
}

/**
 * Loads positions into a product: the text pasted or read from a file in the browser (one position
 * per line, as the product's category format says). A refused load writes nothing and lists every
 * bad line by number while keeping the text to correct; "Skip bad lines" loads the good ones and
 * lists the rest. The data stays in this dialog: it is never logged or kept after closing.
 */
export function LoadPositionsDialog({ onClose, onLoaded }: LoadPositionsDialogProps) {
  const { t } = useTranslation('shop');
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const labels = useReferenceLabels();
  const productLabel = useId();
  const [product, setProduct] = useState<number | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const format = useData(
    (signal) => (product === null ? Promise.resolve(null) : productFormat(clients, product, signal)),
    [clients, product],
  );

  const send = async (lines: string): Promise<TextImportOutcome> => {
    // `ready` holds the send until a product is picked.
    if (product === null) throw new Error('No product is picked');
    const outcome = await loadPositions(clients, { product, lines, skip_invalid: skipInvalid });
    if (outcome.kind === 'refused')
      return { kind: 'report', intent: 'error', message: outcome.message, lines: outcome.lines };
    const { created, skipped } = outcome.report;
    if (created > 0) {
      toasts.success(t('positions.load.loaded', { count: created }));
      onLoaded();
    }
    if (skipped.length === 0) return { kind: 'done' };
    // The good lines are in; what is left to correct is the skipped ones, listed.
    return {
      kind: 'report',
      intent: 'warning',
      message: t('positions.load.skipped', { count: skipped.length }),
      lines: skipped,
      clearText: true,
    };
  };

  const hint =
    product === null
      ? t('positions.load.pickProduct')
      : format.data
        ? t('positions.load.format', { format: format.data })
        : undefined;
  return (
    <TextImportDialog
      title={t('positions.load.title')}
      input="paste"
      accept=".txt,.csv,text/plain,text/csv"
      textLabel={t('positions.load.lines')}
      textHint={(text) => t('positions.load.count', { count: positionCount(text) })}
      fileLabel={t('positions.load.file')}
      linesLabel={t('positions.load.errors')}
      submitLabel={t('positions.load.submit')}
      ready={product !== null}
      onSubmit={send}
      onClose={onClose}
    >
      <Field label={{ children: t('positions.load.product'), id: productLabel }} required hint={hint}>
        <ReferencePicker
          target={PRODUCT}
          labels={labels}
          multiple={false}
          value={product === null ? [] : [product]}
          ariaLabelledBy={productLabel}
          onChange={(ids) => setProduct(ids[0] ?? null)}
        />
      </Field>
      <Checkbox
        checked={skipInvalid}
        onChange={(_, data) => setSkipInvalid(data.checked === true)}
        label={t('positions.load.skipInvalid')}
      />
    </TextImportDialog>
  );
}

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { HttpClients, ReferenceApi, ReferenceLabels, ReferencePicker, serverMessage, ToastService, useData, useInjection } from '@core/sdk/web';
import { PRODUCT } from '../../shared/resources';
import { loadPositions, positionCount, productFormat, type LineError } from './positions-api';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  lines: { fontFamily: tokens.fontFamilyMonospace },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '240px', overflowY: 'auto' },
});

/** Lines the server refused or skipped, with the message that heads them. */
interface LineReport {
  readonly intent: 'error' | 'warning';
  readonly message: string;
  readonly lines: readonly LineError[];
}

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
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const [labels] = useState(() => new ReferenceLabels(new ReferenceApi(clients)));
  const productLabel = useId();
  const [product, setProduct] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<LineReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const format = useData((signal) => (product === null ? Promise.resolve(null) : productFormat(clients, product, signal)), [clients, product]);
  const count = positionCount(text);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (product === null || count === 0) return;
    setBusy(true);
    setFailure(null);
    setReport(null);
    try {
      const outcome = await loadPositions(clients, { product, lines: text, skip_invalid: skipInvalid });
      if (outcome.kind === 'refused') {
        setReport({ intent: 'error', message: outcome.message, lines: outcome.lines });
        return;
      }
      const { created, skipped } = outcome.report;
      if (created > 0) {
        toasts.success(t('positions.load.loaded', { count: created }));
        onLoaded();
      }
      if (skipped.length === 0) {
        onClose();
        return;
      }
      // The good lines are in; what is left to correct is the skipped ones, listed.
      setText('');
      setReport({ intent: 'warning', message: t('positions.load.skipped', { count: skipped.length }), lines: skipped });
    } catch (error) {
      setFailure(serverMessage(error) ?? t('positions.load.failed'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (!busy) onClose();
  };

  const hint = product === null ? t('positions.load.pickProduct') : format.data ? t('positions.load.format', { format: format.data }) : undefined;
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form onSubmit={(event) => void send(event)} noValidate aria-busy={busy}>
          <DialogBody>
            <DialogTitle>{t('positions.load.title')}</DialogTitle>
            <DialogContent className={styles.content}>
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
              <Field label={t('positions.load.lines')} required hint={t('positions.load.count', { count })}>
                <Textarea className={styles.lines} value={text} onChange={(_, data) => setText(data.value)} rows={10} resize="vertical" spellCheck={false} />
              </Field>
              <Field label={t('positions.load.file')}>
                <input type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void readFile(event)} />
              </Field>
              <Checkbox checked={skipInvalid} onChange={(_, data) => setSkipInvalid(data.checked === true)} label={t('positions.load.skipInvalid')} />
              {failure && (
                <MessageBar intent="error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
              {report && (
                <MessageBar intent={report.intent} layout="multiline">
                  <MessageBarBody>
                    <Text block>{report.message}</Text>
                    <ul className={styles.errors} aria-label={t('positions.load.errors')}>
                      {report.lines.map((line) => (
                        <li key={line.line}>{t('positions.load.lineError', { line: line.line, message: line.message })}</li>
                      ))}
                    </ul>
                  </MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={close} disabled={busy}>
                {t('positions.load.close')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy || product === null || count === 0} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('positions.load.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

import { observer } from 'mobx-react-lite';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  HttpClients,
  ReferencePicker,
  serverMessage,
  ToastService,
  useInjection,
  useReferenceLabels,
} from '@core/sdk/web';
import { TRANSFER_TEAMS, TRANSFER_USERS, type TransferPreview, type TransferTarget } from '../../shared/transfer';
import { PreviewTable } from './PreviewTable';
import { SourceOrders } from './SourceOrders';
import { TransferApi, type TransferSource } from './transfer-api';
import { UserShopHistory } from './UserShopHistory';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-end' },
  histories: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start' },
  picker: { minWidth: '260px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

type Busy = 'preview' | 'transfer' | null;

const first = (ids: readonly number[]): number | null => ids[0] ?? null;

/**
 * `/manual-transfer` (SM): pick a buyer or a team, tick their completed orders, pick the buyer
 * and/or team they go to, preview what changes, confirm. The server re-checks everything on
 * confirm (versions included), so a preview overtaken by someone else is refused, not applied.
 */
export const TransferPage = observer(function TransferPage() {
  const { t } = useTranslation('shop');
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const api = useMemo(() => new TransferApi(clients), [clients]);
  const labels = useReferenceLabels();
  const ids = { kind: useId(), source: useId(), toUser: useId(), toTeam: useId() };

  const [sourceKind, setSourceKind] = useState<TransferSource['kind']>('user');
  const [sourceId, setSourceId] = useState<number | null>(null);
  const [orders, setOrders] = useState<readonly number[]>([]);
  const [toUser, setToUser] = useState<number | null>(null);
  const [toTeam, setToTeam] = useState<number | null>(null);
  const [preview, setPreview] = useState<TransferPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  // A new list mounts after each transfer, so it shows where the orders stand now.
  const [round, setRound] = useState(0);

  const target: TransferTarget = {
    ...(toUser === null ? {} : { to_user: toUser }),
    ...(toTeam === null ? {} : { to_team: toTeam }),
  };
  const hasTarget = toUser !== null || toTeam !== null;
  const source: TransferSource | null = sourceId === null ? null : { kind: sourceKind, id: sourceId };

  const changed = () => {
    setPreview(null);
    setFailure(null);
  };
  const onSelection = useCallback((selected: readonly number[]) => {
    setOrders(selected);
    setPreview(null);
  }, []);

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(serverMessage(error) ?? t('transfer.failed'));
    } finally {
      setBusy(null);
    }
  };

  const showPreview = () => run('preview', async () => setPreview(await api.preview(orders, target)));
  const confirm = (shown: TransferPreview) =>
    run('transfer', async () => {
      const result = await api.transfer(shown, target);
      toasts.success(t('transfer.done', { orders: result.orders.length, positions: result.positions }));
      setPreview(null);
      setOrders([]);
      setRound((value) => value + 1);
    });

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('nav.manualTransfer')}</Title2>
      <div className={styles.row}>
        <Field label={t('transfer.sourceKind')} id={ids.kind}>
          <RadioGroup
            layout="horizontal"
            value={sourceKind}
            onChange={(_, data) => {
              setSourceKind(data.value === 'team' ? 'team' : 'user');
              setSourceId(null);
              changed();
            }}
          >
            <Radio value="user" label={t('transfer.fromUser')} />
            <Radio value="team" label={t('transfer.fromTeam')} />
          </RadioGroup>
        </Field>
        <Field
          label={sourceKind === 'user' ? t('transfer.sourceUser') : t('transfer.sourceTeam')}
          className={styles.picker}
        >
          <ReferencePicker
            key={sourceKind}
            id={ids.source}
            target={sourceKind === 'user' ? TRANSFER_USERS : TRANSFER_TEAMS}
            labels={labels}
            multiple={false}
            value={sourceId === null ? [] : [sourceId]}
            onChange={(picked) => {
              setSourceId(first(picked));
              changed();
            }}
          />
        </Field>
      </div>

      {source ? (
        <SourceOrders key={`${source.kind}-${source.id}-${round}`} source={source} onSelection={onSelection} />
      ) : (
        <Text>{t('transfer.pickSource')}</Text>
      )}

      <div className={styles.row}>
        <Field label={t('transfer.toUser')} className={styles.picker}>
          <ReferencePicker
            id={ids.toUser}
            target={TRANSFER_USERS}
            labels={labels}
            multiple={false}
            value={toUser === null ? [] : [toUser]}
            onChange={(picked) => {
              setToUser(first(picked));
              changed();
            }}
          />
        </Field>
        <Field label={t('transfer.toTeam')} className={styles.picker}>
          <ReferencePicker
            id={ids.toTeam}
            target={TRANSFER_TEAMS}
            labels={labels}
            multiple={false}
            value={toTeam === null ? [] : [toTeam]}
            onChange={(picked) => {
              setToTeam(first(picked));
              changed();
            }}
          />
        </Field>
      </div>

      <div className={styles.actions}>
        <Button
          onClick={() => void showPreview()}
          disabled={orders.length === 0 || !hasTarget || busy !== null}
          icon={busy === 'preview' ? <Spinner size="tiny" /> : undefined}
        >
          {t('transfer.previewAction')}
        </Button>
        <Text>{t('transfer.selected', { count: orders.length })}</Text>
      </div>

      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}

      {preview && (
        <section aria-label={t('transfer.preview.title')}>
          <PreviewTable preview={preview} />
          <div className={styles.actions}>
            <Button
              appearance="primary"
              onClick={() => void confirm(preview)}
              disabled={preview.movable === 0 || busy !== null}
              icon={busy === 'transfer' ? <Spinner size="tiny" /> : undefined}
            >
              {busy === 'transfer' ? t('transfer.transferring') : t('transfer.confirm', { count: preview.movable })}
            </Button>
            <Text>{t('transfer.preview.summary', { orders: preview.movable, positions: preview.positions })}</Text>
          </div>
        </section>
      )}
      <div className={styles.histories}>
        {sourceKind === 'user' && sourceId !== null && (
          <UserShopHistory key={`from-${sourceId}-${round}`} userId={sourceId} title={t('transfer.history.source')} />
        )}
        {toUser !== null && (
          <UserShopHistory key={`to-${toUser}-${round}`} userId={toUser} title={t('transfer.history.target')} />
        )}
      </div>
    </div>
  );
});

import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Dropdown,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Text,
  Title2,
  Toolbar,
  ToolbarButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons';
import {
  addResourceStrings,
  DataView,
  HttpClients,
  I18nService,
  ResourceApi,
  ResourceFeedback,
  ResourceFormDialog,
  ToastService,
  useConfirm,
  useData,
  useInjection,
  useListboxClass,
  useReferenceLabels,
} from '@core/sdk/web';
import {
  canDeleteReverse,
  keitaroReversesResource,
  keitaroServersResource,
  type KeitaroServerCard,
  type Reverse,
  type ReverseAction,
} from '../../shared/keitaro';
import { KeitaroModel, serverRecord } from './keitaro-model';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  toolbar: { flexWrap: 'wrap', padding: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  reverse: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  address: { fontFamily: tokens.fontFamilyMonospace, marginInlineEnd: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  choice: { minWidth: '160px' },
});

type Ask = (message: string) => Promise<boolean>;

/** What the board's buttons work with: the model that makes changes, the servers to transfer to, the board's reload. */
interface BoardAccess {
  readonly model: KeitaroModel;
  readonly servers: readonly KeitaroServerCard[];
  readonly reload: () => Promise<void>;
}

/** The buttons of one reverse: the actions its state allows (from the server), each asked first. */
const ReverseRow = observer(function ReverseRow({
  board,
  reverse,
  server,
  ask,
}: {
  board: BoardAccess;
  reverse: Reverse;
  server: KeitaroServerCard | null;
  ask: Ask;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const { model, servers, reload } = board;
  const [target, setTarget] = useState<number | null>(null);

  const run = async (action: ReverseAction) => {
    const targetServer = action === 'transfer' ? servers.find((candidate) => candidate.id === target) : server;
    if (action === 'transfer' && !targetServer) return;
    const question = t(`keitaro.confirm.${action}`, { address: reverse.address, server: targetServer?.name ?? '' });
    if (!(await ask(question))) return;
    if (await model.act(reverse, action, action === 'transfer' ? target : null, reload)) setTarget(null);
  };
  const remove = async () => {
    if (await ask(t('keitaro.confirm.delete', { address: reverse.address })))
      await model.deleteReverse(reverse, reload);
  };

  return (
    <li className={styles.reverse} data-reverse={reverse.address}>
      <Text className={styles.address} title={reverse.comment ?? undefined}>
        {reverse.address}
      </Text>
      {reverse.actions.includes('transfer') && (
        <>
          <Dropdown
            className={styles.choice}
            size="small"
            aria-label={t('keitaro.targetServer', { address: reverse.address })}
            placeholder={t('keitaro.chooseServer')}
            value={servers.find((candidate) => candidate.id === target)?.name ?? ''}
            selectedOptions={target === null ? [] : [String(target)]}
            onOptionSelect={(_, data) => setTarget(data.optionValue ? Number(data.optionValue) : null)}
            listbox={{ className: listboxClass }}
          >
            {servers.map((candidate) => (
              <Option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </Option>
            ))}
          </Dropdown>
          <Button size="small" disabled={target === null || model.busy} onClick={() => void run('transfer')}>
            {t('keitaro.actions.transfer')}
          </Button>
        </>
      )}
      {reverse.actions
        .filter((action) => action !== 'transfer')
        .map((action) => (
          <Button key={action} size="small" disabled={model.busy} onClick={() => void run(action)}>
            {t(`keitaro.actions.${action}`)}
          </Button>
        ))}
      {canDeleteReverse(reverse.state) && (
        <Button
          size="small"
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('keitaro.deleteReverse', { address: reverse.address })}
          disabled={model.busy}
          onClick={() => void remove()}
        />
      )}
    </li>
  );
});

function ReverseSection({
  title,
  reverses,
  board,
  server,
  ask,
}: {
  title: string;
  reverses: readonly Reverse[];
  board: BoardAccess;
  server: KeitaroServerCard | null;
  ask: Ask;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Text weight="semibold">
        {title}{' '}
        <Badge appearance="tint" size="small">
          {reverses.length}
        </Badge>
      </Text>
      {reverses.length === 0 ? (
        <Text className={styles.muted}>{t('keitaro.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {reverses.map((reverse) => (
            <ReverseRow key={reverse.id} board={board} reverse={reverse} server={server} ask={ask} />
          ))}
        </ul>
      )}
    </section>
  );
}

const ServerCard = observer(function ServerCard({
  board,
  server,
  ask,
  onEdit,
}: {
  board: BoardAccess;
  server: KeitaroServerCard;
  ask: Ask;
  onEdit: () => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const { model, reload } = board;
  const remove = async () => {
    if (await ask(t('keitaro.confirm.deleteServer', { server: server.name }))) await model.deleteServer(server, reload);
  };
  return (
    <Card className={styles.card} data-server={server.name}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {server.name}
          </Text>
        }
        description={
          <Link href={server.url} target="_blank" rel="noopener noreferrer">
            {server.url}
          </Link>
        }
        action={
          <span>
            <Button
              size="small"
              appearance="subtle"
              icon={<EditRegular />}
              aria-label={t('keitaro.editServer', { server: server.name })}
              onClick={onEdit}
            />
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('keitaro.deleteServer', { server: server.name })}
              disabled={model.busy}
              onClick={() => void remove()}
            />
          </span>
        }
      />
      <ReverseSection
        title={t('keitaro.states.active')}
        reverses={server.active ? [server.active] : []}
        board={board}
        server={server}
        ask={ask}
      />
      <ReverseSection
        title={t('keitaro.states.on_hold')}
        reverses={server.on_hold}
        board={board}
        server={server}
        ask={ask}
      />
      <ReverseSection
        title={t('keitaro.states.waiting')}
        reverses={server.waiting}
        board={board}
        server={server}
        ask={ask}
      />
    </Card>
  );
});

type Editing =
  | { readonly kind: 'none' }
  | { readonly kind: 'server'; readonly server: KeitaroServerCard | null }
  | { readonly kind: 'reverse' };

const KeitaroScreen = observer(function KeitaroScreen() {
  const { t } = useTranslation(['admin', 'core']);
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const labels = useReferenceLabels();
  const model = useInjection(KeitaroModel);
  const [scope] = useState(() => ({
    feedback: new ResourceFeedback(toasts, i18n),
    reversesApi: new ResourceApi(keitaroReversesResource, http),
  }));
  const { feedback, reversesApi } = scope;
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const { dialog: confirmDialog, ask } = useConfirm();
  const board = useData((signal) => model.readBoard(signal), [model]);
  const close = () => setEditing({ kind: 'none' });
  const saved = () => {
    close();
    void board.reload();
  };

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t('admin:nav.keitaro')}</Title2>
        <Toolbar className={styles.toolbar} aria-label={t('core:resource.toolbar.label')}>
          <ToolbarButton icon={<ArrowClockwiseRegular />} disabled={model.busy} onClick={() => void board.reload()}>
            {t('core:resource.toolbar.refresh')}
          </ToolbarButton>
          <ToolbarButton icon={<AddRegular />} onClick={() => setEditing({ kind: 'reverse' })}>
            {t('admin:keitaro.addReverse')}
          </ToolbarButton>
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing({ kind: 'server', server: null })}
          >
            {t('admin:keitaro.addServer')}
          </Button>
        </Toolbar>
      </div>
      {model.refusal && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{model.refusal}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label={t('admin:common.dismiss')}
                onClick={() => model.dismiss()}
              />
            }
          />
        </MessageBar>
      )}
      <DataView data={board}>
        {(shown) => {
          const access: BoardAccess = { model, servers: shown.servers, reload: board.reload };
          return (
            <>
              <Card className={styles.card}>
                <CardHeader
                  header={
                    <Text as="h2" weight="semibold">
                      {t('admin:keitaro.freePool')}
                    </Text>
                  }
                />
                <ReverseSection
                  title={t('admin:keitaro.states.free')}
                  reverses={shown.free}
                  board={access}
                  server={null}
                  ask={ask}
                />
              </Card>
              {shown.servers.length === 0 ? (
                <Text>{t('core:resource.table.empty')}</Text>
              ) : (
                <div className={styles.grid}>
                  {shown.servers.map((server) => (
                    <ServerCard
                      key={server.id}
                      board={access}
                      server={server}
                      ask={ask}
                      onEdit={() => setEditing({ kind: 'server', server })}
                    />
                  ))}
                </div>
              )}
            </>
          );
        }}
      </DataView>
      {editing.kind === 'server' && (
        <ResourceFormDialog
          definition={keitaroServersResource}
          record={editing.server ? serverRecord(editing.server) : null}
          api={model.serversApi}
          feedback={feedback}
          labels={labels}
          onCancel={close}
          onSaved={saved}
        />
      )}
      {editing.kind === 'reverse' && (
        <ResourceFormDialog
          definition={keitaroReversesResource}
          record={null}
          api={reversesApi}
          feedback={feedback}
          labels={labels}
          onCancel={close}
          onSaved={saved}
        />
      )}
      {confirmDialog}
    </div>
  );
});

/**
 * `/keitaro-servers` (VR): each server with its active, on-hold and waiting reverses, and the pool
 * of free reverses; transfer a free reverse to a server, set one to wait or to active, return one
 * to the pool — each asked first; a refused transition (409) shows the server's reason.
 */
export const KeitaroServersPage = observer(function KeitaroServersPage() {
  const i18n = useInjection(I18nService);
  addResourceStrings(i18n.i18n);
  useTranslation(['admin', 'core']);
  return <KeitaroScreen />;
});

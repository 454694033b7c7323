import { useState, type MouseEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, type Location } from 'react-router-dom';
import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowUndoRegular, EditRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord, RowAction } from '@core/shared/resource/definition';
import {
  recordSectionSlot,
  type RecordOverview,
  type RecordPeople,
  type RecordSectionProps,
} from '@core/shared/resource/record-page';
import { HttpClients } from '../../http/http-clients';
import { HttpError } from '../../http/http-error';
import { slotToken } from '../../kernel/contributions';
import { useData } from '../../react/use-data';
import { useInjection } from '../../react/container-context';
import { useLocaleFormat } from '../../react/use-locale-format';
import { I18nService } from '../../services/i18n-service';
import { usePageTitle } from '../../services/page-title';
import { ToastService } from '../../services/toast-service';
import { NoAccessPage } from '../../shell/NoAccessPage';
import { useSlotItems } from '../../shell/layout/use-slot-items';
import { recordLabel, recordTitle } from '../format-value';
import { ResourceApi } from '../resource-api';
import { useReferenceLabels } from '../use-reference-labels';
import { ResourceFeedback, type ResourceSuccess } from '../resource-feedback';
import { isBlocked, isDeleted } from '../row-actions';
import type { ResourceScreenOptions } from '../types';
import { useRecordActions, type RecordOperations } from '../use-record-actions';
import { RecordFields } from './RecordFields';
import { useRecordCardStyles } from './record-card-styles';
import { RecordSections } from './RelatedSections';
import { TimelineCard } from './TimelineCard';

const NO_OPTIONS: ResourceScreenOptions = {};

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: {
    marginRight: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  people: { color: tokens.colorNeutralForeground3 },
  notFound: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    maxWidth: '640px',
  },
});

/** Where the user came from when a list opened this page (`navigate(path, { state: { from } })`). */
function cameFrom(state: unknown): Location | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  return typeof from === 'object' && from !== null && 'pathname' in from ? (from as Location) : null;
}

/** Back to the list: as it was (its filters, its page) when the list opened this page, else the list itself. */
function BackLink({ listPath, listTitle }: { listPath: string; listTitle: string }) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const from = cameFrom(location.state);
  const to = from ? `${from.pathname}${from.search}` : listPath;
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!from || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    // The list's own history entry: its scroll, and no second copy of it in the history.
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <RouterLink className={styles.back} to={to} onClick={back}>
      <ArrowLeftRegular aria-hidden />
      {t('record.back', { list: listTitle })}
    </RouterLink>
  );
}

/** "Created by X, <time> · Changed by Y, <time>": the system's own changes name nobody. */
function PeopleLine({ record, people }: { record: ResourceRecord; people: RecordPeople }) {
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const styles = useStyles();
  const created = typeof record.created_at === 'string' ? format.dateTime(record.created_at) : null;
  const updated =
    typeof record.updated_at === 'string' && record.updated_at !== record.created_at
      ? format.dateTime(record.updated_at)
      : null;
  const parts: string[] = [];
  if (created)
    parts.push(
      people.created_by
        ? t('record.createdBy', { name: people.created_by.name, time: created })
        : t('record.createdAt', { time: created }),
    );
  if (updated)
    parts.push(
      people.updated_by
        ? t('record.changedBy', { name: people.updated_by.name, time: updated })
        : t('record.changedAt', { time: updated }),
    );
  if (parts.length === 0) return null;
  return <Text className={styles.people}>{parts.join(' · ')}</Text>;
}

/** The plugins' own sections of this resource's record pages (slot `record:<resource id>`). */
const CustomSections = observer(function CustomSections({
  resource,
  record,
}: {
  resource: string;
  record: ResourceRecord;
}) {
  const slot = recordSectionSlot(resource);
  const items = useSlotItems(slotToken<RecordSectionProps>(slot), slot);
  return (
    <>
      {items.map((item) => {
        const Section = item.component;
        return <Section key={item.id} resource={resource} id={record.id} record={record} />;
      })}
    </>
  );
});

export function RecordNotFound() {
  const { t } = useTranslation('core');
  const styles = useStyles();
  return (
    <div className={styles.notFound} role="status">
      <Title2 as="h1">{t('record.notFoundTitle')}</Title2>
      <Text as="p">{t('record.notFound')}</Text>
    </div>
  );
}

export interface RecordPageProps {
  readonly definition: ResourceDefinition;
  /**
   * The options of the resource's list screen (`resourceRoute`, or a page's own route contribution's
   * `options`): its form, row actions, runners. Absent when the list is a page of the plugin's own that
   * gives none: the definition's row actions are then left to the list (their runners are unknown here).
   */
  readonly options?: ResourceScreenOptions;
  readonly id: number;
  /** The list the record belongs to, for Back. */
  readonly listPath: string;
}

interface LoadedProps extends Required<Omit<RecordPageProps, 'options'>> {
  readonly options: ResourceScreenOptions | undefined;
  readonly overview: RecordOverview;
  readonly api: ResourceApi;
  readonly reload: () => Promise<void>;
}

const LoadedRecord = observer(function LoadedRecord({
  definition,
  options: given,
  listPath,
  overview,
  api,
  reload,
}: LoadedProps) {
  const options = given ?? NO_OPTIONS;
  const { t } = useTranslation('core');
  const styles = useStyles();
  const cards = useRecordCardStyles();
  const i18n = useInjection(I18nService);
  const toasts = useInjection(ToastService);
  const navigate = useNavigate();
  const { record, people } = overview;
  const label = recordLabel(definition, record, i18n);
  const title = recordTitle(definition, record, i18n);
  usePageTitle(title);
  const [feedback] = useState(() => new ResourceFeedback(toasts, i18n));
  const labels = useReferenceLabels();

  const change = async (
    run: () => Promise<unknown>,
    success: ResourceSuccess,
    failure: 'update' | 'delete' | 'action',
  ): Promise<boolean> => {
    try {
      await run();
      feedback.succeeded(success);
      return true;
    } catch (error) {
      feedback.failed(failure, error);
      return false;
    } finally {
      await reload();
    }
  };
  const operations: RecordOperations = {
    remove: async (target) => {
      const done = await change(() => api.remove(target.id), 'deleted', 'delete');
      // Gone for good: its page has nothing left to show.
      if (done && !definition.softDelete) void navigate(listPath);
      return done;
    },
    restore: (target) => change(() => api.restore(target.id), 'restored', 'update'),
    block: (target) => change(() => api.block(target.id), 'blocked', 'update'),
    unblock: (target) => change(() => api.unblock(target.id), 'unblocked', 'update'),
    runRowAction: (action: RowAction, target) =>
      change(() => api.rowAction(target.id, action.endpoint), 'done', 'action'),
  };
  const actions = useRecordActions({
    definition,
    options,
    api,
    feedback,
    labels,
    operations,
    reload,
    onSaved: () => void reload(),
    definitionRowActions: given !== undefined,
  });
  const deleted = isDeleted(record);
  const changeable = options.changeable?.(record) ?? true;

  return (
    <div className={styles.page}>
      <BackLink listPath={listPath} listTitle={t(definition.titleKey)} />
      <div className={styles.heading}>
        <Title2 as="h1" className={styles.title}>
          {title}
          {deleted && (
            <Badge appearance="tint" color="danger">
              {t('resource.table.deleted')}
            </Badge>
          )}
          {isBlocked(record) && (
            <Badge appearance="tint" color="warning">
              {t('record.blocked')}
            </Badge>
          )}
        </Title2>
        <div className={styles.actions}>
          {!deleted && actions.canWrite && changeable && (
            <Button appearance="primary" icon={<EditRegular />} onClick={() => actions.openForm(record)}>
              {t('record.edit')}
            </Button>
          )}
          {actions.menu(record, label)}
        </div>
      </div>
      <PeopleLine record={record} people={people} />
      {deleted && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('record.deleted')}</MessageBarBody>
          {actions.canWrite && definition.softDelete && (
            <MessageBarActions>
              <Button icon={<ArrowUndoRegular />} onClick={() => void operations.restore(record)}>
                {t('record.restore')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      <section className={cards.card} aria-label={t('record.fields')}>
        <RecordFields definition={definition} record={record} />
      </section>
      <CustomSections resource={definition.id} record={record} />
      <RecordSections table={definition.table} recordId={record.id} own={definition} />
      {/* Keyed by version: a change made here starts the timeline afresh with its entry on top. */}
      <TimelineCard
        key={record.version}
        definition={definition}
        api={api}
        recordId={record.id}
        initial={overview.timeline}
        currentVersion={record.version}
        canRevert={actions.canWrite && !deleted && changeable}
        onReverted={() => void reload()}
      />
      {actions.dialogs}
    </div>
  );
});

/**
 * A record's page, from its resource's definition: title (its label, also the document's),
 * Back to the list, its fields as the form groups them, its actions under the list's permission
 * rules, who made and changed it, the plugins' sections, the related records and the timeline.
 * Opening it costs one request (the overview: record, people, first page of history).
 */
export const RecordPage = observer(function RecordPage({ definition, options, id, listPath }: RecordPageProps) {
  const { t } = useTranslation('core');
  const http = useInjection(HttpClients);
  const [api] = useState(() => new ResourceApi(definition, http));
  const overview = useData(() => api.overview(id, { withDeleted: definition.softDelete === true }), [api, id]);
  const { state } = overview;
  if (state.status === 'loading') return <Spinner label={t('loading')} />;
  if (state.status === 'failed') {
    const status = state.error instanceof HttpError ? state.error.status : null;
    if (status === 404) return <RecordNotFound />;
    if (status === 403) return <NoAccessPage />;
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('record.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={overview.retry}>{t('record.retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return (
    <LoadedRecord
      definition={definition}
      options={options}
      id={id}
      listPath={listPath}
      overview={state.data}
      api={api}
      reload={overview.reload}
    />
  );
});

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Card, Dropdown, Label, Option, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, CheckmarkRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { ListPage } from '@core/shared/envelopes';
import { DataView } from '../react/DataView';
import { useInjection } from '../react/container-context';
import { useData } from '../react/use-data';
import { useLocaleFormat } from '../react/use-locale-format';
import { useListboxClass } from '../resource/listbox';
import { useResourceStrings } from '../resource/resource-strings';
import { NotificationEntry } from './NotificationEntry';
import {
  isFiltered,
  listQuery,
  NO_FILTERS,
  READ_STATES,
  readFilters,
  writeFilters,
  type NotificationFilters,
} from './notification-filters';
import type { NotificationItem, NotificationSourcePreference } from '@core/shared/notifications';
import { NotificationsStore } from './notifications-store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  dropdown: { minWidth: '220px' },
  card: { padding: 0, gap: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
  },
  emptyIcon: { fontSize: '48px', color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground2, maxWidth: '520px' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  pagerButtons: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The filters in the URL: a change replaces the entry, as every list's filters do. */
function useUrlFilters(): [NotificationFilters, (next: NotificationFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(search), [search]);
  return [filters, (next) => setSearch(writeFilters(next), { replace: true })];
}

/** Every source the user may choose, for the filter; an empty list when they cannot be read (the filter still works from the URL). */
function useSources(store: NotificationsStore): readonly NotificationSourcePreference[] {
  const [sources, setSources] = useState<readonly NotificationSourcePreference[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    store.api.preferences(controller.signal).then(
      (preferences) => setSources(preferences.sources),
      () => undefined,
    );
    return () => controller.abort();
  }, [store]);
  return sources;
}

function Filters({
  filters,
  sources,
  onChange,
}: {
  filters: NotificationFilters;
  sources: readonly NotificationSourcePreference[];
  onChange: (next: NotificationFilters) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const sourceId = useId();
  const stateId = useId();
  const listbox = useListboxClass();
  const ALL = '';
  const known = sources.some((source) => source.id === filters.source);
  const sourceLabel =
    filters.source === null
      ? t('notifications.page.allSources')
      : (sources.find((source) => source.id === filters.source)?.label ?? filters.source);
  return (
    <div className={styles.toolbar} role="group" aria-label={t('notifications.page.filters')}>
      <div className={styles.field}>
        <Label id={sourceId}>{t('notifications.page.source')}</Label>
        <Dropdown
          className={styles.dropdown}
          aria-labelledby={sourceId}
          value={sourceLabel}
          selectedOptions={[filters.source ?? ALL]}
          listbox={{ className: listbox }}
          onOptionSelect={(_, data) => onChange({ ...filters, source: data.optionValue || null, page: 1 })}
        >
          <Option value={ALL}>{t('notifications.page.allSources')}</Option>
          {sources.map((source) => (
            <Option key={source.id} value={source.id}>
              {source.label}
            </Option>
          ))}
          {filters.source !== null && !known && <Option value={filters.source}>{filters.source}</Option>}
        </Dropdown>
      </div>
      <div className={styles.field}>
        <Label id={stateId}>{t('notifications.page.state')}</Label>
        <Dropdown
          className={styles.dropdown}
          aria-labelledby={stateId}
          value={t(`notifications.page.states.${filters.state}`)}
          selectedOptions={[filters.state]}
          listbox={{ className: listbox }}
          onOptionSelect={(_, data) => {
            const state = READ_STATES.find((candidate) => candidate === data.optionValue);
            if (state) onChange({ ...filters, state, page: 1 });
          }}
        >
          {READ_STATES.map((state) => (
            <Option key={state} value={state}>
              {t(`notifications.page.states.${state}`)}
            </Option>
          ))}
        </Dropdown>
      </div>
    </div>
  );
}

function PageSwitch({ page, onPage }: { page: ListPage<NotificationItem>; onPage: (page: number) => void }) {
  useResourceStrings();
  const { t } = useTranslation();
  const styles = useStyles();
  const format = useLocaleFormat();
  const pages = Math.max(1, page.last_page);
  const current = page.current_page;
  return (
    <nav className={styles.pager} aria-label={t('resource.paging.label')}>
      <Text className={styles.muted}>{t('resource.paging.total', { total: format.number(page.total) })}</Text>
      <div className={styles.pagerButtons}>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('resource.paging.previous')}
          disabled={current <= 1}
          onClick={() => onPage(current - 1)}
        />
        <Text aria-live="polite">
          {t('resource.paging.page', { page: format.number(current), pages: format.number(pages) })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('resource.paging.next')}
          disabled={current >= pages}
          onClick={() => onPage(current + 1)}
        />
      </div>
    </nav>
  );
}

/**
 * Every notification of the signed-in user, newest first, filtered by source and read state (kept
 * in the URL), a page at a time. New ones that arrive live are read in when the first page shows;
 * opening one follows its link and marks it read.
 */
const NotificationsPage = observer(function NotificationsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useInjection(NotificationsStore);
  const [filters, setFilters] = useUrlFilters();
  const sources = useSources(store);
  const query = listQuery(filters);
  const list = useData((signal) => store.api.list(query, signal), [store, filters.state, filters.source, filters.page]);
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(new Set());

  // A notification that arrived live belongs at the top of the first page.
  const arrivals = store.arrivals;
  const seenArrivals = useRef(arrivals);
  useEffect(() => {
    if (arrivals === seenArrivals.current) return;
    seenArrivals.current = arrivals;
    if (filters.page === 1) void list.reload();
  }, [arrivals, filters.page, list]);

  const markRead = (id: number) => {
    setReadHere((before) => new Set(before).add(id));
    void store.markRead(id);
  };
  const markAll = async () => {
    await store.markAllRead();
    await list.reload();
  };
  const shown = (item: NotificationItem): NotificationItem =>
    item.read_at === null && readHere.has(item.id) ? { ...item, read_at: new Date().toISOString() } : item;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t('notifications.title')}</Title2>
        <Button icon={<CheckmarkRegular />} disabled={store.unread === 0} onClick={() => void markAll()}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <Filters filters={filters} sources={sources} onChange={setFilters} />
      <DataView data={list}>
        {(page) =>
          page.data.length === 0 ? (
            <Card className={styles.card}>
              <div className={styles.empty} role="status">
                <AlertRegular className={styles.emptyIcon} aria-hidden />
                {isFiltered(filters) ? (
                  <>
                    <Text size={400} weight="semibold">
                      {t('notifications.page.emptyFiltered')}
                    </Text>
                    <Button onClick={() => setFilters(NO_FILTERS)}>{t('notifications.page.clearFilters')}</Button>
                  </>
                ) : (
                  <>
                    <Text size={400} weight="semibold">
                      {t('notifications.empty')}
                    </Text>
                    <Text className={styles.muted}>{t('notifications.emptyText')}</Text>
                  </>
                )}
              </div>
            </Card>
          ) : (
            <Card className={styles.card}>
              <ul className={styles.list} aria-label={t('notifications.page.list')}>
                {page.data.map(shown).map((item) => (
                  <li key={item.id}>
                    <NotificationEntry
                      item={item}
                      onOpen={() => markRead(item.id)}
                      actions={
                        item.read_at === null && (
                          <Button
                            appearance="subtle"
                            size="small"
                            icon={<CheckmarkRegular />}
                            aria-label={`${t('notifications.page.markRead')}: ${item.title}`}
                            onClick={() => markRead(item.id)}
                          >
                            {t('notifications.page.markRead')}
                          </Button>
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
              <PageSwitch page={page} onPage={(next) => setFilters({ ...filters, page: next })} />
            </Card>
          )
        }
      </DataView>
    </div>
  );
});

export default NotificationsPage;

import { Suspense, useEffect, useId, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { relatedSections, type RelatedSection } from '@core/shared/resource/record-page';
import { useInjection } from '../../react/container-context';
import { I18nService } from '../../services/i18n-service';
import { recordLabel } from '../format-value';
import { Pager } from '../Pager';
import { ResourceTable } from '../ResourceTable';
import { namespaceOf, useResourceStrings } from '../resource-strings';
import { useRecordActions } from '../use-record-actions';
import { useResourceList } from '../use-resource-list';
import { RecordLinks } from './record-links';
import { ResourceCatalogueService } from './resource-catalogue';
import { useInView } from './use-in-view';

const useStyles = makeStyles({
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow2,
    // Room for the title before it comes, so the page does not jump as sections fill.
    minHeight: '48px',
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // An empty section has nothing under its title to set apart.
  alone: { borderBottom: 'none' },
  waiting: { padding: tokens.spacingHorizontalL },
});

function Waiting() {
  const styles = useStyles();
  return (
    <Skeleton className={styles.waiting} aria-hidden>
      <SkeletonItem size={16} />
    </Skeleton>
  );
}

/**
 * A section's title: the pointing resource's (or the one its definitions give), and the field's label
 * too when the same title would stand twice on the page (a setup task's user and its assignee).
 */
function sectionTitle(
  t: (key: string, options?: Record<string, string>) => string,
  section: RelatedSection,
  qualify: boolean,
): string {
  const title = t(section.titleKey);
  return qualify ? t('record.sectionOf', { section: title, field: t(section.field.labelKey) }) : title;
}

/** A section's list: the engine's, its view in the component's state, narrowed to the records pointing here. */
const SectionList = observer(function SectionList({ section, recordId, titleId, qualify }: SectionProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const links = useInjection(RecordLinks);
  const { resource, field } = section;
  const list = useResourceList(resource, {
    viewIn: 'state',
    listParams: { [`filter[${field.name}][eq]`]: String(recordId) },
  });
  const { store, api, feedback, labels } = list;
  const actions = useRecordActions({
    definition: resource,
    options: {},
    api,
    feedback,
    labels,
    operations: store,
    reload: list.reload,
    onSaved: () => void store.refresh(),
  });
  const labelOf = (record: ResourceRecord) => recordLabel(resource, record, i18n);
  const recordPath =
    links.listPath(resource.id) === null
      ? undefined
      : (record: ResourceRecord) => links.recordPath(resource.id, record.id);
  const title = sectionTitle(t, section, qualify);
  // A new record starts out pointing here.
  const prefill = { [field.name]: field.many ? [recordId] : recordId };
  const empty = store.page !== null && store.page.total === 0 && !store.loading;
  return (
    <>
      <div className={mergeClasses(styles.header, empty && styles.alone)}>
        <Subtitle2 as="h2" id={titleId}>
          {title}
          {store.page ? ` (${store.page.total})` : ''}
        </Subtitle2>
        {/* A pointer only the plugin's logic sets (who decided, whom a draft pays) cannot start a form. */}
        {actions.canWrite && !field.readOnly && (
          <Button
            size="small"
            icon={<AddRegular />}
            aria-label={t('record.sectionAddLabel', { section: title })}
            onClick={() => actions.openForm(null, prefill)}
          >
            {t('record.sectionAdd')}
          </Button>
        )}
      </div>
      {store.failed && !store.page ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('record.sectionLoadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.refresh()}>{t('record.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <>
          {/* An empty section is its title and its count: "(0)" says the rest. */}
          {empty ? null : (
            <ResourceTable
              store={store}
              columns={list.columns}
              selectable={false}
              labelOf={labelOf}
              onSort={list.sortBy}
              rowMenu={(record) => actions.menu(record, labelOf(record))}
              emptyMessage={store.emptyState === 'none' ? null : t('record.sectionEmpty')}
              recordPath={recordPath}
              omit={field.name}
            />
          )}
          {store.page && store.page.total > 0 && (
            <Pager store={store} onPage={list.setPage} onPerPage={list.setPerPage} />
          )}
        </>
      )}
      {actions.dialogs}
    </>
  );
});

/** A section's title in the words of the resource's plugin, whose strings may not be loaded yet. */
function SectionTitle({ section, titleId, qualify }: Omit<SectionProps, 'recordId'>) {
  const styles = useStyles();
  const namespace = namespaceOf(section.titleKey);
  const { t } = useTranslation(namespace ? ['core', namespace] : ['core']);
  return (
    <div className={styles.header}>
      <Subtitle2 as="h2" id={titleId}>
        {sectionTitle(t, section, qualify)}
      </Subtitle2>
    </div>
  );
}

interface SectionProps {
  readonly section: RelatedSection;
  readonly recordId: number;
  readonly titleId: string;
  /** Another section on the page has the same title: this one names its field too. */
  readonly qualify: boolean;
}

function SectionInView({ section, recordId, qualify }: Omit<SectionProps, 'titleId'>) {
  const styles = useStyles();
  const titleId = useId();
  const [ref, inView] = useInView<HTMLElement>();
  const namespace = namespaceOf(section.resource.titleKey);
  return (
    <section
      ref={ref}
      className={styles.section}
      aria-labelledby={titleId}
      data-section={`${section.resource.id}.${section.field.name}`}
    >
      <Suspense fallback={<Waiting />}>
        {inView ? (
          <NamespacedList
            section={section}
            recordId={recordId}
            titleId={titleId}
            qualify={qualify}
            namespace={namespace}
          />
        ) : (
          <SectionTitle section={section} titleId={titleId} qualify={qualify} />
        )}
      </Suspense>
    </section>
  );
}

/** Waits for the section's plugin strings (its columns' labels), then draws the list. */
function NamespacedList({ namespace, ...props }: SectionProps & { namespace: string | null }) {
  useTranslation(namespace ? ['core', namespace] : ['core']);
  return <SectionList {...props} />;
}

export interface RecordSectionsProps {
  /** The table the sections' references point at: the record page's resource's, or `core.users`. */
  readonly table: string;
  readonly recordId: number;
  /** The record page's own definition: it may hide, rename or order its sections. */
  readonly own?: ResourceDefinition;
}

/**
 * The related records of one record: a section per reference field of every resource the user may
 * read that points at `table`, each listing (paged, sortable) the records pointing at this one,
 * with Add prefilled for those who may write. A section asks for its rows only once scrolled
 * near; resources the user may not read, or of disabled plugins, have no section.
 */
export const RecordSections = observer(function RecordSections({ table, recordId, own }: RecordSectionsProps) {
  useResourceStrings();
  const styles = useStyles();
  const catalogue = useInjection(ResourceCatalogueService);
  useEffect(() => {
    // A failure leaves the page without sections; the record itself is still shown.
    catalogue.load().catch(() => undefined);
  }, [catalogue]);
  const readable = catalogue.catalogue;
  const sections = useMemo(() => relatedSections(table, readable ?? [], own), [table, readable, own]);
  const titles = useMemo(() => {
    const count = new Map<string, number>();
    for (const section of sections) count.set(section.titleKey, (count.get(section.titleKey) ?? 0) + 1);
    return count;
  }, [sections]);
  if (sections.length === 0) return null;
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <SectionInView
          key={`${section.resource.id}.${section.field.name}`}
          section={section}
          recordId={recordId}
          qualify={(titles.get(section.titleKey) ?? 0) > 1}
        />
      ))}
    </div>
  );
});

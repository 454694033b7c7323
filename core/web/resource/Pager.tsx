import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Label, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';
import { pageSizesOf } from '@core/shared/resource/definition';
import { I18nService } from '../services/i18n-service';
import { useInjection } from '../react/container-context';
import { countText, isTotalExact } from './list-total';
import type { ResourceListStore } from './resource-list-store';
import { useListboxClass } from './listbox';
import { useResourceStrings } from './resource-strings';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  size: { minWidth: '88px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface PagerProps {
  readonly store: ResourceListStore;
  readonly onPage: (page: number) => void;
  readonly onPerPage: (perPage: number) => void;
}

/** 'Page x of y' with first/previous/next/last, the total, and items per page from the definition. */
export const Pager = observer(function Pager({ store, onPage, onPerPage }: PagerProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  const styles = useStyles();
  const sizeId = useId();
  const listboxClass = useListboxClass();
  const page = store.view.query.page;
  const i18n = useInjection(I18nService);
  const format = (value: number) => i18n.formatNumber(value);
  const pages = Math.max(1, store.page?.last_page ?? 1);
  // Past the server's counting bound the last page is unknown: "Page 3 of 200+", and no "Last page".
  const exact = isTotalExact(store.page);
  const perPage = store.view.query.perPage;
  return (
    <nav className={styles.pager} aria-label={t('resource.paging.label')}>
      <div className={styles.group}>
        <Label id={sizeId}>{t('resource.paging.perPage')}</Label>
        <Dropdown
          className={styles.size}
          aria-labelledby={sizeId}
          value={String(perPage)}
          selectedOptions={[String(perPage)]}
          onOptionSelect={(_, data) => data.optionValue && onPerPage(Number(data.optionValue))}
          listbox={{ className: listboxClass }}
        >
          {pageSizesOf(store.definition).map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
        <Text className={styles.muted}>
          {t('resource.paging.total', { total: countText(store.page?.total ?? 0, exact, format) })}
        </Text>
      </div>
      <div className={styles.group}>
        <Button
          appearance="subtle"
          icon={<ChevronDoubleLeftRegular />}
          aria-label={t('resource.paging.first')}
          disabled={page <= 1}
          onClick={() => onPage(1)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('resource.paging.previous')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <Text aria-live="polite">
          {t('resource.paging.page', { page: format(page), pages: countText(pages, exact, format) })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('resource.paging.next')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronDoubleRightRegular />}
          aria-label={t('resource.paging.last')}
          disabled={!exact || page >= pages}
          onClick={() => onPage(pages)}
        />
      </div>
    </nav>
  );
});

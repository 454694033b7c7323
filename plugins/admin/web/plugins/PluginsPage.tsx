import { Fragment, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  makeStyles,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { DataEnvelope } from '@core/sdk/shared';
import {
  DataView,
  HttpClients,
  PluginHost,
  serverMessage,
  useData,
  useInjection,
  useListboxClass,
} from '@core/sdk/web';
import { PLUGIN_LOAD_STATES, PLUGINS_PATH, type PluginInventoryItem, type PluginLoadState } from '../../shared/plugins';
import { PluginServices, sharesServices } from './PluginServices';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  choice: { minWidth: '180px' },
  tableScroll: { overflowX: 'auto', minWidth: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', wordBreak: 'break-word' },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  error: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  // The services line belongs to the row above it: no rule between them.
  withServices: { borderBottomStyle: 'none' },
});

/** How the web kernel's PluginHost stands with a plugin; `absent` when this browser does not run it at all. */
type BrowserState = ReturnType<PluginHost['state']> | 'absent';

// Full keys, so every one is spelled out where the translations test finds it.
const STATE_KEYS: Readonly<Record<PluginLoadState, string>> = {
  running: 'admin:plugins.states.running',
  disabled: 'admin:plugins.states.disabled',
  refused: 'admin:plugins.states.refused',
  failed: 'admin:plugins.states.failed',
};
const STATE_COLORS: Readonly<Record<PluginLoadState, NonNullable<BadgeProps['color']>>> = {
  running: 'success',
  disabled: 'informative',
  refused: 'warning',
  failed: 'danger',
};
const BROWSER_KEYS: Readonly<Record<BrowserState, string>> = {
  idle: 'admin:plugins.browserStates.idle',
  loading: 'admin:plugins.browserStates.loading',
  loaded: 'admin:plugins.browserStates.loaded',
  failed: 'admin:plugins.browserStates.failed',
  absent: 'admin:plugins.browserStates.absent',
};
const BROWSER_COLORS: Readonly<Record<BrowserState, NonNullable<BadgeProps['color']>>> = {
  idle: 'informative',
  loading: 'brand',
  loaded: 'success',
  failed: 'danger',
  absent: 'warning',
};
const READ_ONLY_KEY = 'admin:plugins.readOnly';

type Column = 'title' | 'id' | 'version' | 'sdk' | 'source' | 'enabled' | 'state' | 'browser';
const COLUMNS: readonly Column[] = ['title', 'id', 'version', 'sdk', 'source', 'enabled', 'state', 'browser'];
const COLUMN_KEYS: Readonly<Record<Column, string>> = {
  title: 'admin:plugins.columns.title',
  id: 'admin:plugins.columns.id',
  version: 'admin:plugins.columns.version',
  sdk: 'admin:plugins.columns.sdk',
  source: 'admin:plugins.columns.source',
  enabled: 'admin:plugins.columns.enabled',
  state: 'admin:plugins.columns.state',
  browser: 'admin:plugins.columns.browser',
};

interface Sort {
  readonly column: Column;
  readonly direction: 'ascending' | 'descending';
}

/** A row as the table draws and sorts it. */
interface PluginRow {
  readonly item: PluginInventoryItem;
  readonly title: string;
  /** Only for an enabled plugin: whether this browser's host runs its code, and how loading it went. */
  readonly browser: BrowserState | null;
}

const ALL = 'all';

function sortValue(row: PluginRow, column: Column): string {
  const { item } = row;
  switch (column) {
    case 'title':
      return row.title;
    case 'id':
      return item.id;
    case 'version':
      return item.version ?? '';
    case 'sdk':
      return item.sdk ?? '';
    case 'source':
      return item.source.kind === 'external' ? `1 ${item.source.path}` : '0';
    case 'enabled':
      return item.enabled ? '0' : '1';
    case 'state':
      return String(PLUGIN_LOAD_STATES.indexOf(item.state));
    case 'browser':
      return row.browser ?? '~';
  }
}

function sorted(rows: readonly PluginRow[], sort: Sort): PluginRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * sortValue(a, sort.column).localeCompare(sortValue(b, sort.column), undefined, { numeric: true }) ||
      a.item.id.localeCompare(b.item.id),
  );
}

const PluginsTable = observer(function PluginsTable({ items }: { items: readonly PluginInventoryItem[] }) {
  const { t, i18n } = useTranslation('admin');
  const styles = useStyles();
  const host = useInjection(PluginHost);
  const listboxClass = useListboxClass();
  const [state, setState] = useState<PluginLoadState | typeof ALL>(ALL);
  const [sort, setSort] = useState<Sort>({ column: 'title', direction: 'ascending' });

  const rows: PluginRow[] = items.map((item) => ({
    item,
    // The plugin's own title where its strings are loaded (the enabled ones'), else its id.
    title: item.titleKey && i18n.exists(item.titleKey) ? t(item.titleKey) : item.id,
    browser: item.enabled ? (host.states.get(item.id) ?? 'absent') : null,
  }));
  const shown = sorted(
    rows.filter((row) => state === ALL || row.item.state === state),
    sort,
  );
  const stateLabel = (value: PluginLoadState | typeof ALL) =>
    value === ALL ? t('plugins.allStates') : t(STATE_KEYS[value]);
  const sortBy = (column: Column) =>
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  const none = <Text className={styles.muted}>—</Text>;

  return (
    <>
      <div className={styles.filters}>
        <Field label={t('plugins.filter')}>
          <Dropdown
            className={styles.choice}
            value={stateLabel(state)}
            selectedOptions={[state]}
            onOptionSelect={(_, data) => setState((data.optionValue ?? ALL) as PluginLoadState | typeof ALL)}
            listbox={{ className: listboxClass }}
          >
            {[ALL, ...PLUGIN_LOAD_STATES].map((value) => (
              <Option key={value} value={value}>
                {stateLabel(value as PluginLoadState | typeof ALL)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Text className={styles.muted}>{t('plugins.count', { shown: shown.length, total: rows.length })}</Text>
      </div>
      {shown.length === 0 ? (
        <Text>{t('plugins.noneInState')}</Text>
      ) : (
        <div className={styles.tableScroll}>
          <Table aria-label={t('nav.plugins')} size="small" sortable>
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHeaderCell
                    key={column}
                    sortDirection={sort.column === column ? sort.direction : undefined}
                    onClick={() => sortBy(column)}
                  >
                    {t(COLUMN_KEYS[column])}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map(({ item, title, browser }) => {
                // Two folders may declare one id (both are refused): the folder tells them apart.
                const key = item.source.kind === 'external' ? `${item.id} ${item.source.path}` : item.id;
                const services = item.services && sharesServices(item.services) ? item.services : null;
                return (
                  <Fragment key={key}>
                    <TableRow data-plugin={item.id} className={services ? styles.withServices : undefined}>
                      <TableCell>{title}</TableCell>
                      <TableCell className={styles.mono}>{item.id}</TableCell>
                      <TableCell>{item.version ?? none}</TableCell>
                      <TableCell className={styles.mono}>{item.sdk ?? none}</TableCell>
                      <TableCell>
                        {item.source.kind === 'external' ? (
                          <span className={styles.mono} data-source="external">
                            {item.source.path}
                          </span>
                        ) : (
                          t('plugins.builtIn')
                        )}
                      </TableCell>
                      <TableCell>{t(item.enabled ? 'common.yes' : 'common.no')}</TableCell>
                      <TableCell>
                        <div className={styles.state}>
                          <Badge appearance="tint" color={STATE_COLORS[item.state]} data-state={item.state}>
                            {t(STATE_KEYS[item.state])}
                          </Badge>
                          {item.error && (
                            <Text size={200} className={styles.error} data-plugin-error="">
                              {item.error}
                            </Text>
                          )}
                        </div>
                      </TableCell>
                      <TableCell>
                        {browser === null ? (
                          none
                        ) : (
                          <Badge appearance="outline" color={BROWSER_COLORS[browser]} data-browser-state={browser}>
                            {t(BROWSER_KEYS[browser])}
                          </Badge>
                        )}
                      </TableCell>
                    </TableRow>
                    {services && (
                      <TableRow data-plugin-services-of={item.id}>
                        <TableCell colSpan={COLUMNS.length}>
                          <PluginServices services={services} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
});

/**
 * `/plugins` (JS), read-only: every built-in and external plugin the server knows (`GET plugins`)
 * with its version, SDK range, source, whether configuration enables it and how loading went on
 * the server (the reason beneath a refusal or failure), for the enabled ones how this browser's
 * plugin host stands with their code, and for the running ones the services they take (from which
 * plugin) and provide. Enabling is configuration and a restart, as the page says.
 */
export const PluginsPage = observer(function PluginsPage() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const http = useInjection(HttpClients).get('auth');
  const inventory = useData(
    async (signal) =>
      (await http.get<DataEnvelope<readonly PluginInventoryItem[]>>(PLUGINS_PATH, { signal, silent: true })).data,
    [http],
  );

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t('nav.plugins')}</Title2>
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          disabled={inventory.state.status === 'loading'}
          onClick={() => void inventory.reload()}
        >
          {t('plugins.refresh')}
        </Button>
      </div>
      <MessageBar intent="info" data-plugins-read-only="">
        <MessageBarBody>
          <Trans i18nKey={READ_ONLY_KEY} components={{ code: <code /> }} />
        </MessageBarBody>
      </MessageBar>
      <DataView
        data={inventory}
        isEmpty={(items) => items.length === 0}
        empty={<Text>{t('plugins.empty')}</Text>}
        errorText={(error) => serverMessage(error)}
      >
        {(items) => <PluginsTable items={items} />}
      </DataView>
    </div>
  );
});

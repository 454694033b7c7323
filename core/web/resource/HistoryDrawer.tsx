import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { fieldNamed, type AuditEntry, type ResourceDefinition, type ResourceRecord } from '@core/shared/resource/definition';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { formatInstant, formatValue } from './format-value';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  entry: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalM },
  when: { color: tokens.colorNeutralForeground3 },
  cell: { overflowWrap: 'anywhere' },
});

type HistoryState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly entries: readonly AuditEntry[] }
  | { readonly kind: 'failed' };

/** The fields an entry changed, with their values before and after. */
function changes(entry: AuditEntry): { name: string; before: unknown; after: unknown }[] {
  const names = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...names]
    .map((name) => ({ name, before: entry.before?.[name], after: entry.after?.[name] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/**
 * An entry's action as the reader's language says it: the plugin's own name for it
 * (`<namespace>:history.actions.<action>`, the namespace of the definition's title key) for the
 * actions its server writes (`load-positions`, `transfer`, …), else the engine's (Created,
 * Updated, …), else the raw name.
 */
function actionLabel(t: TFunction, definition: ResourceDefinition, action: string): string {
  const separator = definition.titleKey.indexOf(':');
  const own = separator > 0 ? [`${definition.titleKey.slice(0, separator)}:history.actions.${action}`] : [];
  return t([...own, `resource.history.actions.${action}`], { defaultValue: action });
}

export interface HistoryDrawerProps {
  readonly definition: ResourceDefinition;
  /** Where the trail comes from: the list adapter's `history`. */
  readonly api: { history(id: number): Promise<readonly AuditEntry[]> };
  readonly record: ResourceRecord;
  readonly label: string;
  readonly onClose: () => void;
}

/** A record's audit trail (`GET <path>/{id}/history`): who did what, when, and what changed. */
export function HistoryDrawer({ definition, api, record, label, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const [state, setState] = useState<HistoryState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    api.history(record.id).then(
      (entries) => live && setState({ kind: 'ready', entries }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, record.id]);

  const show = (name: string, value: unknown): string => {
    if (value === undefined || value === null) return '—';
    const field = fieldNamed(definition, name) ?? null;
    const text = formatValue(field, value, i18n);
    return text === '' ? '—' : text;
  };

  const body = () => {
    if (state.kind === 'loading') return <Spinner label={t('loading')} />;
    if (state.kind === 'failed') return <Text role="alert">{t('resource.history.failed')}</Text>;
    if (state.entries.length === 0) return <Text>{t('resource.history.empty')}</Text>;
    return (
      <ol className={styles.list}>
        {state.entries.map((entry) => {
          const action = actionLabel(t, definition, entry.action);
          const list = changes(entry);
          return (
            <li key={entry.id} className={styles.entry}>
              <Text weight="semibold">{t('resource.history.by', { action, actor: entry.actor_name ?? t('resource.history.system') })}</Text>
              <Text size={200} className={styles.when}>
                {formatInstant(entry.at, i18n)}
              </Text>
              {list.length > 0 && (
                <Table size="small" aria-label={action}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('resource.history.field')}</TableHeaderCell>
                      <TableHeaderCell>{t('resource.history.before')}</TableHeaderCell>
                      <TableHeaderCell>{t('resource.history.after')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.map((change) => {
                      const field = fieldNamed(definition, change.name);
                      return (
                        <TableRow key={change.name}>
                          <TableCell className={styles.cell}>{field ? t(field.labelKey) : change.name}</TableCell>
                          <TableCell className={styles.cell}>{show(change.name, change.before)}</TableCell>
                          <TableCell className={styles.cell}>{show(change.name, change.after)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </li>
          );
        })}
      </ol>
    );
  };

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('resource.history.close')} icon={<DismissRegular />} onClick={onClose} />}>
          {t('resource.history.title', { label })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>{body()}</DrawerBody>
    </OverlayDrawer>
  );
}

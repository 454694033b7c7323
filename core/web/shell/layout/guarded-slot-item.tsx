import type { ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { SlotContribution } from '../../kernel/contributions';
import { PluginBoundary } from '../../plugins/PluginBoundary';
import { PluginHost } from '../../plugins/plugin-host';
import { useInjection } from '../../react/container-context';

const useStyles = makeStyles({
  // Small enough for the top bar or a menu, wherever the item was; it never takes more room than it is given.
  notice: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    border: `1px solid ${tokens.colorStatusDangerBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusDangerBackground1,
  },
  icon: { flexShrink: 0, fontSize: '16px', color: tokens.colorStatusDangerForeground1 },
  text: { minWidth: 0 },
  retry: { flexShrink: 0, whiteSpace: 'nowrap' },
});

/** What a slot item that threw leaves in its place: a line naming its plugin, and a retry. */
const SlotItemFailed = observer(function SlotItemFailed({
  pluginId,
  onRetry,
}: {
  pluginId: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const host = useInjection(PluginHost);
  return (
    <span className={styles.notice} role="alert" data-slot-item-failed={pluginId ?? ''}>
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Text size={200} className={styles.text}>
        {pluginId
          ? t('shell.plugins.partFailed', { plugin: host.titleOf(pluginId) })
          : t('shell.plugins.partFailedUnnamed')}
      </Text>
      <Button size="small" appearance="subtle" className={styles.retry} onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </span>
  );
});

/** `Item` drawn inside its plugin's boundary: when it throws, the notice takes its place and the page around works on. */
function guardedComponent<Props extends object>(
  Item: ComponentType<Props>,
  pluginId: string | undefined,
): ComponentType<Props> {
  function GuardedSlotItem(props: Props) {
    return (
      <PluginBoundary pluginId={pluginId} fallback={(retry) => <SlotItemFailed pluginId={pluginId} onRetry={retry} />}>
        <Item {...props} />
      </PluginBoundary>
    );
  }
  GuardedSlotItem.displayName = `GuardedSlotItem(${Item.displayName ?? Item.name})`;
  return GuardedSlotItem;
}

// One guarded copy per bound item, so its component keeps its identity (and its state) from render to render.
const guarded = new WeakMap<object, object>();

/**
 * The slot item as it was bound (every field of its kind: a tab's label, a widget's span), its
 * component drawn inside the boundary of the plugin that bound it.
 */
export function guardedSlotItem<Props extends object>(
  item: SlotContribution<Props>,
  pluginId: string | undefined,
): SlotContribution<Props> {
  const known = guarded.get(item);
  if (known) return known as SlotContribution<Props>;
  const copy: SlotContribution<Props> = { ...item, component: guardedComponent(item.component, pluginId) };
  guarded.set(item, copy);
  return copy;
}

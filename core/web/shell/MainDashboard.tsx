import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { DashboardWidgetToken } from '../kernel/contributions';
import { useInjection, useMultiInjection } from '../react/container-context';
import { SessionStore } from '../services/session-store';
import { CustomizeDashboard } from './dashboard/CustomizeDashboard';
import { DashboardGrid } from './dashboard/DashboardGrid';
import { arrangeWidgets, layoutOf } from './dashboard/layout-model';
import { useDashboardLayout } from './dashboard/use-dashboard-layout';
import { PluginHost } from '../plugins/plugin-host';
import { useSlotItems, useSlotSettled } from './layout/use-slot-items';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  empty: { color: tokens.colorNeutralForeground2 },
});

/**
 * The landing page: a greeting, then the plugins' widgets in a grid, in the order the user chose
 * and without the ones they hid (kept on the server). The screens are the sidebar's and Ctrl+K's.
 */
export const MainDashboard = observer(function MainDashboard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useInjection(SessionStore);
  // The widgets' names in "Customize" are the plugins' strings.
  useTranslation(useInjection(PluginHost).namespaces);
  // The same bindings as the slot's items, read again for what only a dashboard widget declares (title, span);
  // the component is the slot item's, drawn inside its plugin's boundary.
  const declared = new Map(useMultiInjection(DashboardWidgetToken).map((widget) => [widget.id, widget]));
  const contributions = useSlotItems(DashboardWidgetToken, 'dashboard').flatMap((item) => {
    const widget = declared.get(item.id);
    return widget ? [{ ...widget, component: item.component }] : [];
  });
  const settled = useSlotSettled('dashboard');
  const layout = useDashboardLayout();
  const arranged = arrangeWidgets(
    contributions.map((widget) => widget.id),
    layout.saved,
  );
  const byId = new Map(contributions.map((widget) => [widget.id, widget]));
  const titleOf = (id: string) => {
    const titleKey = byId.get(id)?.titleKey;
    return titleKey ? t(titleKey) : id;
  };
  const shown = arranged.flatMap(({ id, hidden }) => {
    const widget = byId.get(id);
    return widget && !hidden ? [widget] : [];
  });
  const ready = layout.ready && settled;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t('dashboard.greeting', { name: session.user?.username ?? '' })}</Title2>
        {ready && arranged.length > 0 && (
          <CustomizeDashboard
            widgets={arranged}
            titleOf={titleOf}
            onChange={(widgets) => layout.save(layoutOf(widgets))}
            onReset={layout.reset}
          />
        )}
      </div>
      {!ready ? (
        <Spinner size="small" />
      ) : shown.length > 0 ? (
        <DashboardGrid widgets={shown} />
      ) : (
        <Text className={styles.empty}>{t(arranged.length === 0 ? 'dashboard.noWidgets' : 'dashboard.allHidden')}</Text>
      )}
    </div>
  );
});

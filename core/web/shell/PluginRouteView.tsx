import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { PermissionRequirement } from '@core/shared/permissions';
import { RouteContributionToken } from '../kernel/contributions';
import { PluginBoundary } from '../plugins/PluginBoundary';
import { PluginFailures } from '../plugins/plugin-failures';
import { PluginHost } from '../plugins/plugin-host';
import { useInjection, useMultiInjection } from '../react/container-context';
import { PermissionService } from '../services/permission-service';
import { ToastService } from '../services/toast-service';
import { NoAccessPage } from './NoAccessPage';

function PluginUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('errors.pluginUnavailable')}</MessageBarBody>
      <Button onClick={onRetry}>{t('errors.retry')}</Button>
    </MessageBar>
  );
}

/** A plugin page that loaded but threw while drawing: not "could not be loaded", and naming the plugin. */
const PluginPageFailed = observer(function PluginPageFailed({
  pluginId,
  onRetry,
}: {
  pluginId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const host = useInjection(PluginHost);
  return (
    <MessageBar intent="error" data-plugin-page-failed={pluginId}>
      <MessageBarBody>{t('shell.plugins.pageFailed', { plugin: host.titleOf(pluginId) })}</MessageBarBody>
      <Button onClick={onRetry}>{t('errors.retry')}</Button>
    </MessageBar>
  );
});

/** A plugin written for another SDK: trying again cannot help, so no button, but the versions for whoever can. */
function PluginRefused({ wanted, sdk }: { wanted: string; sdk: string }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('shell.plugins.incompatible', { wanted, sdk })}</MessageBarBody>
    </MessageBar>
  );
}

/** The message for a plugin that failed, saying why as far as the host knows. */
const PluginFailed = observer(function PluginFailed({ pluginId }: { pluginId: string }) {
  const host = useInjection(PluginHost);
  const failure = useInjection(PluginFailures).get(pluginId);
  if (failure?.kind === 'refused') return <PluginRefused wanted={failure.wanted} sdk={failure.sdk} />;
  return <PluginUnavailable onRetry={() => void host.retry(pluginId)} />;
});

const LoadedPluginRoute = observer(function LoadedPluginRoute({ pluginId, path }: { pluginId: string; path: string }) {
  const host = useInjection(PluginHost);
  const contribution = useMultiInjection(RouteContributionToken).find((route) => route.path === path);
  if (!contribution) return <PluginUnavailable onRetry={() => void host.retry(pluginId)} />;
  const Page = contribution.component;
  return <Page />;
});

/**
 * Draws `children` once the plugin's code is loaded (fetched on first visit); a failed load says why,
 * and so does a page that throws while drawing (with a toast naming the plugin).
 */
export const WithPluginCode = observer(function WithPluginCode({
  pluginId,
  children,
}: {
  pluginId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const host = useInjection(PluginHost);
  const toasts = useInjection(ToastService);
  const state = host.state(pluginId);

  useEffect(() => {
    void host.ensureLoaded(pluginId);
  }, [host, pluginId]);

  if (state === 'failed') return <PluginFailed pluginId={pluginId} />;
  if (state !== 'loaded') return <Spinner label={t('loading')} />;
  return (
    <PluginBoundary
      pluginId={pluginId}
      fallback={(retry) => <PluginPageFailed pluginId={pluginId} onRetry={retry} />}
      onError={() => toasts.error(t('shell.plugins.pageFailedToast', { plugin: host.titleOf(pluginId) }))}
    >
      {children}
    </PluginBoundary>
  );
});

interface PluginRouteViewProps {
  readonly pluginId: string;
  readonly path: string;
  /** The page's codes from the manifest: checked here, once for every page, before any plugin code is fetched. */
  readonly requires: PermissionRequirement;
}

/** A plugin's page, or the "no access" page for a user without its codes (the server refuses its calls anyway). */
export const PluginRouteView = observer(function PluginRouteView({ pluginId, path, requires }: PluginRouteViewProps) {
  const permissions = useInjection(PermissionService);
  if (!permissions.allows(requires)) return <NoAccessPage />;
  return (
    <WithPluginCode pluginId={pluginId}>
      <LoadedPluginRoute pluginId={pluginId} path={path} />
    </WithPluginCode>
  );
});

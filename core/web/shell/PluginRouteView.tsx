import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { PermissionRequirement } from '@core/shared/permissions';
import { RouteContributionToken } from '../kernel/contributions';
import { PluginFailures } from '../plugins/plugin-failures';
import { PluginHost } from '../plugins/plugin-host';
import { useInjection, useMultiInjection } from '../react/container-context';
import { PermissionService } from '../services/permission-service';
import { NoAccessPage } from './NoAccessPage';

interface BoundaryProps {
  readonly pluginId: string;
  readonly fallback: ReactNode;
  readonly children: ReactNode;
}

/** Keeps a plugin page that throws while rendering from taking the shell down with it. */
class PluginErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`plugin "${this.props.pluginId}" failed while rendering`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function PluginUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('errors.pluginUnavailable')}</MessageBarBody>
      <Button onClick={onRetry}>{t('errors.retry')}</Button>
    </MessageBar>
  );
}

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

/** Draws `children` once the plugin's code is loaded (fetched on first visit); a failed load says why. */
export const WithPluginCode = observer(function WithPluginCode({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const host = useInjection(PluginHost);
  const state = host.state(pluginId);

  useEffect(() => {
    void host.ensureLoaded(pluginId);
  }, [host, pluginId]);

  if (state === 'failed') return <PluginFailed pluginId={pluginId} />;
  if (state !== 'loaded') return <Spinner label={t('loading')} />;
  return (
    <PluginErrorBoundary pluginId={pluginId} fallback={<PluginUnavailable onRetry={() => window.location.reload()} />}>
      {children}
    </PluginErrorBoundary>
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

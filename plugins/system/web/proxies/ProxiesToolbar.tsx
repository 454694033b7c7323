import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '@fluentui/react-components';
import { CartRegular } from '@fluentui/react-icons';
import { PermissionService, useInjection, type ResourceToolbarProps } from '@core/sdk/web';
import { BuyProxiesDialog } from './BuyProxiesDialog';
import { ProxyJobPanel } from './proxy-job-panel';
import { ProxyJobView } from './ProxyJobView';

/** The proxies list's "Buy proxies" and the job panel of a purchase or a check; the list is read again when the job ends. */
export const ProxiesToolbar = observer(function ProxiesToolbar({ definition, reload }: ResourceToolbarProps) {
  const { t } = useTranslation('system');
  const permissions = useInjection(PermissionService);
  const panel = useInjection(ProxyJobPanel);
  const [buying, setBuying] = useState(false);
  useEffect(() => () => panel.close(), [panel]);
  const request = panel.current;

  return (
    <>
      {permissions.allows(definition.access.write) && (
        <ToolbarButton icon={<CartRegular />} onClick={() => setBuying(true)}>
          {t('proxyPurchase.buy')}
        </ToolbarButton>
      )}
      {buying && (
        <BuyProxiesDialog
          onClose={() => setBuying(false)}
          onStarted={(jobId) => {
            setBuying(false);
            panel.open({ kind: 'purchase', jobId });
          }}
        />
      )}
      {request && (
        <ProxyJobView
          key={request.kind === 'purchase' ? `purchase:${request.jobId}` : `check:${request.proxyId}`}
          request={request}
          onClose={() => panel.close()}
          onFinished={() => void reload()}
        />
      )}
    </>
  );
});

import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '@fluentui/react-components';
import { CartRegular } from '@fluentui/react-icons';
import { PermissionService, useInjection, type ResourceToolbarProps } from '@core/sdk/web';
import { BuyDomainDialog } from './BuyDomainDialog';
import { DomainJobPanel } from './domain-job-panel';
import { DomainPurchasePanel } from './DomainPurchasePanel';

/**
 * The domains list's "Buy domain" and the purchase job panel, which a purchase, a retry or the
 * "Purchase log" row action opens; the list is read again as the job starts and when it ends.
 */
export const DomainsToolbar = observer(function DomainsToolbar({ definition, reload }: ResourceToolbarProps) {
  const { t } = useTranslation('system');
  const permissions = useInjection(PermissionService);
  const panel = useInjection(DomainJobPanel);
  const [buying, setBuying] = useState(false);
  // A panel left open belongs to this visit only.
  useEffect(() => () => panel.close(), [panel]);
  const request = panel.current;

  return (
    <>
      {permissions.allows(definition.access.write) && (
        <ToolbarButton icon={<CartRegular />} onClick={() => setBuying(true)}>
          {t('domainPurchase.buy')}
        </ToolbarButton>
      )}
      {buying && (
        <BuyDomainDialog
          onClose={() => setBuying(false)}
          onStarted={(started) => {
            setBuying(false);
            panel.open({ domainId: started.domain, jobId: started.job });
            void reload();
          }}
        />
      )}
      {request && (
        <DomainPurchasePanel
          key={`${request.domainId}:${request.jobId ?? 'latest'}`}
          request={request}
          onClose={() => panel.close()}
          onRetried={(jobId) => {
            panel.open({ domainId: request.domainId, jobId });
            void reload();
          }}
          onFinished={() => void reload()}
        />
      )}
    </>
  );
});

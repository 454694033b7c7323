import { useMemo, useState } from 'react';
import { LinkRegular } from '@fluentui/react-icons';
import { ResourcePage, type ResourceScreenOptions } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { offersResource } from '../../shared/resources';
import { SyncStateCell } from '../sync/SyncStateCell';
import { LandingPreviewDialog } from './LandingPreviewDialog';

/**
 * `/offers`: the engine's list of offers (the kernel's country reference names the countries in the
 * reader's language), the Keitaro sync as a badge (the definition's row action syncs again), and a
 * row-menu preview of the landing URL with the advertiser's offer params merged in.
 */
export function OffersPage() {
  const [previewing, setPreviewing] = useState<ResourceRecord | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      cells: { sync_state: SyncStateCell },
      rowActions: [
        {
          name: 'previewLanding',
          labelKey: 'tracker:actions.previewLanding',
          icon: <LinkRegular />,
          when: (offer) => typeof offer.landing_url === 'string' && offer.landing_url !== '',
          run: (offer) => setPreviewing(offer),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ResourcePage definition={offersResource} options={options} />
      {previewing && <LandingPreviewDialog offer={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}

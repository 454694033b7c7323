import { useMemo, useState } from 'react';
import type { ResourceRecord } from '@core/sdk/shared';
import { ResourcePage, type ResourceScreenOptions } from '@core/sdk/web';
import { positionsResource } from '../../shared/resources';
import { LoadPositionsButton } from './LoadPositionsButton';
import { RevealDialog } from './RevealDialog';

/** The definition's row action that shows a position's data. */
const REVEAL_ACTION = 'reveal';

/**
 * `/position` (SQ): the engine's list of positions (their data masked), a "Load positions" button
 * in the toolbar, and the reveal row action run here: it opens a dialog that reads the data, rather
 * than posting to the action's endpoint.
 */
export function PositionsPage() {
  const [revealing, setRevealing] = useState<ResourceRecord | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      path: '/position',
      toolbar: LoadPositionsButton,
      rowActionRunners: { [REVEAL_ACTION]: (position) => setRevealing(position) },
    }),
    [],
  );
  return (
    <>
      <ResourcePage definition={positionsResource} options={options} />
      {revealing && <RevealDialog position={revealing} onClose={() => setRevealing(null)} />}
    </>
  );
}

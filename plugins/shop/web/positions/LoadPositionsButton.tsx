import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import type { ResourceToolbarProps } from '@core/sdk/web';
import { LoadPositionsDialog } from './LoadPositionsDialog';

/** The positions list's "Load positions" toolbar button and its dialog; the list reloads after a load. */
export function LoadPositionsButton({ reload }: ResourceToolbarProps) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ArrowUploadRegular />} onClick={() => setOpen(true)}>
        {t('positions.load.button')}
      </Button>
      {open && <LoadPositionsDialog onClose={() => setOpen(false)} onLoaded={() => void reload()} />}
    </>
  );
}

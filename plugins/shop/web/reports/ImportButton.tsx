import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import type { ResourceToolbarProps } from '@core/sdk/web';
import { ImportDialog } from './ImportDialog';
import { ReportsLoadedContext } from './reports-reload';

/** "Import CSV" in the list's toolbar: after an import the list and the charts read the rows again. */
export function ImportButton({ reload }: ResourceToolbarProps) {
  const { t } = useTranslation('shop');
  const loaded = useContext(ReportsLoadedContext);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ArrowUploadRegular />} onClick={() => setOpen(true)}>
        {t('reports.import.button')}
      </Button>
      <ImportDialog
        open={open}
        onClose={() => setOpen(false)}
        onImported={() => {
          void reload();
          loaded();
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import type { ResourceDefinition } from '@core/sdk/shared';
import { PermissionService, ResourcePage, useInjection } from '@core/sdk/web';
import { exchangeRatesResource } from '../../shared/resources';
import { RatesImportDialog } from './RatesImportDialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', justifyContent: 'flex-end' },
});

const IMPORT = exchangeRatesResource.toolbarActions.find((action) => action.name === 'import');

/**
 * The generated list without its `import` toolbar action: the engine would post it without a
 * body, while the import needs the CSV text, so this page offers its own dialog instead.
 */
const RATES_LIST: ResourceDefinition = { ...exchangeRatesResource, toolbarActions: [] };

/** `/exchange-rates`: the generated list of rates, and importing rates from CSV. */
export function ExchangeRatesPage() {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const permissions = useInjection(PermissionService);
  const [importing, setImporting] = useState(false);
  // A new key mounts the list afresh, so it reads the rates just imported.
  const [generation, setGeneration] = useState(0);
  const canImport = IMPORT !== undefined && permissions.allows(IMPORT.requires);
  return (
    <div className={styles.page}>
      {canImport && (
        <div className={styles.bar}>
          <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
            {t('rates.import')}
          </Button>
        </div>
      )}
      <ResourcePage key={generation} definition={RATES_LIST} />
      <RatesImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => setGeneration((value) => value + 1)}
      />
    </div>
  );
}

import { useMemo, useRef, useState } from 'react';
import type { ResourceRecord } from '@core/sdk/shared';
import { ResourcePage, type ResourceScreenOptions } from '@core/sdk/web';
import { isPayrollHash } from '../../shared/motivation';
import { transactionDraftsResource } from '../../shared/resources';
import { ConvertDraftDialog } from './ConvertDraftDialog';

/**
 * `/transaction-drafts`: the generated list, whose `convert` row action opens this plugin's dialog
 * (the article and the fact date are asked first) instead of posting without a body. The entry
 * keeps the definition's label, codes and condition. Converted and payroll drafts offer no edit or
 * delete, which the server would refuse.
 */
export function TransactionDraftsPage() {
  const [converting, setConverting] = useState<ResourceRecord | null>(null);
  const reload = useRef<(() => Promise<void>) | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      // A converted draft is its transaction's record, and a payroll draft carries approved pay: neither is edited.
      changeable: (record) => (record.transaction_id ?? null) === null && !isPayrollHash(record.hash),
      rowActionRunners: {
        convert: (record, context) => {
          reload.current = context.reload;
          setConverting(record);
        },
      },
    }),
    [],
  );
  return (
    <>
      <ResourcePage definition={transactionDraftsResource} options={options} />
      <ConvertDraftDialog
        draft={converting}
        onClose={() => setConverting(null)}
        onConverted={() => void reload.current?.()}
      />
    </>
  );
}

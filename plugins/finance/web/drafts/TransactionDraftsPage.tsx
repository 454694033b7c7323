import { useMemo, useRef, useState } from 'react';
import { ArrowSwapRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { ResourcePage, type ExtraRowAction, type ResourceScreenOptions } from '@core/web/resource';
import { actionApplies } from '@core/web/resource/row-actions';
import { transactionDraftsResource } from '../../shared/resources';
import { ConvertDraftDialog } from './ConvertDraftDialog';

const CONVERT = transactionDraftsResource.rowActions.find((action) => action.name === 'convert');

/**
 * The generated list without the declarative `convert`: the engine would post it without a body,
 * while converting needs the article and the fact date. The same entry, with the same label, codes
 * and condition, opens this plugin's dialog instead.
 */
const DRAFTS_LIST: ResourceDefinition = { ...transactionDraftsResource, rowActions: [] };

/** `/transaction-drafts`: the generated list, with converting a draft into a transaction. */
export function TransactionDraftsPage() {
  const [converting, setConverting] = useState<ResourceRecord | null>(null);
  const reload = useRef<(() => Promise<void>) | null>(null);
  const options = useMemo<ResourceScreenOptions>(() => {
    if (!CONVERT) return {};
    const convert: ExtraRowAction = {
      name: CONVERT.name,
      labelKey: CONVERT.labelKey,
      icon: <ArrowSwapRegular />,
      requires: CONVERT.requires,
      when: (record) => actionApplies(CONVERT.when, record),
      run: (record, context) => {
        reload.current = context.reload;
        setConverting(record);
      },
    };
    return { rowActions: [convert] };
  }, []);
  return (
    <>
      <ResourcePage definition={DRAFTS_LIST} options={options} />
      <ConvertDraftDialog draft={converting} onClose={() => setConverting(null)} onConverted={() => void reload.current?.()} />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { RecordTimeline, type TimelineApi } from './timeline/RecordTimeline';

export interface HistoryDrawerProps {
  readonly definition: ResourceDefinition;
  /** Where the timeline comes from: the list adapter (its `comment` and `revert` when it has them). */
  readonly api: TimelineApi;
  readonly record: ResourceRecord;
  readonly label: string;
  /** Whether this user may write the record, so its changes offer "Revert this change". */
  readonly canRevert?: boolean;
  /** The record as a revert left it, so the list can show it. */
  readonly onReverted?: (record: ResourceRecord) => void;
  readonly onClose: () => void;
}

/** A record's timeline beside its list (`GET <path>/{id}/timeline`): the record page's, in a drawer. */
export function HistoryDrawer({
  definition,
  api,
  record,
  label,
  canRevert = false,
  onReverted,
  onClose,
}: HistoryDrawerProps) {
  const { t } = useTranslation('core');
  // A revert makes a new version; a second one from this drawer is sent on it.
  const [version, setVersion] = useState(record.version);
  const reverted = (next: ResourceRecord) => {
    setVersion(next.version);
    onReverted?.(next);
  };
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('resource.history.close')}
              icon={<DismissRegular />}
              onClick={onClose}
            />
          }
        >
          {t('resource.history.title', { label })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <RecordTimeline
          definition={definition}
          api={api}
          recordId={record.id}
          currentVersion={version}
          canRevert={canRevert}
          onReverted={reverted}
        />
      </DrawerBody>
    </OverlayDrawer>
  );
}

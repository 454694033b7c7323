import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { RouteContributionToken } from '../../kernel/contributions';
import { useInjection, useMultiInjection } from '../../react/container-context';
import { useData } from '../../react/use-data';
import { NoAccessPage } from '../../shell/NoAccessPage';
import { useResourceStrings } from '../resource-strings';
import { RecordNotFound, RecordPage } from './RecordPage';
import { ResourceCatalogueService } from './resource-catalogue';

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** A record id as the address must spell it (`7`, not `07`, `7.0` or `seven`), else null. */
export function recordIdOf(text: string): number | null {
  if (!CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

export interface RecordRouteProps {
  readonly resource: string;
  readonly listPath: string;
  /** The `:id` of the address, as typed. */
  readonly id: string;
}

/**
 * The record page of a host-derived route: the definition from the catalogue of readable
 * resources (absent: the user may not read it, the no-access page), the options of the plugin's
 * list screen for that path, and a not-found message for an id that cannot be one.
 */
export const RecordRoute = observer(function RecordRoute({ resource, listPath, id }: RecordRouteProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  const catalogue = useInjection(ResourceCatalogueService);
  const loaded = useData(() => catalogue.load(), [catalogue]);
  const list = useMultiInjection(RouteContributionToken).find((route) => route.path === listPath);
  const recordId = recordIdOf(id);
  if (recordId === null) return <RecordNotFound />;
  if (loaded.state.status === 'loading') return <Spinner label={t('loading')} />;
  if (loaded.state.status === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('record.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={loaded.retry}>{t('record.retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  const definition = catalogue.definition(resource);
  if (!definition) return <NoAccessPage />;
  return <RecordPage definition={definition} options={list?.options} id={recordId} listPath={listPath} />;
});

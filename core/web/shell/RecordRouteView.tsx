import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { RecordPageEntry } from '../plugins/navigation';
import { useInjection } from '../react/container-context';
import { PermissionService } from '../services/permission-service';
import { NoAccessPage } from './NoAccessPage';
import { WithPluginCode } from './PluginRouteView';

// The record page rides with the resource engine, fetched on the first record opened.
const RecordRoute = lazy(() =>
  import(/* webpackChunkName: "record-page" */ '../resource/record/RecordRoute').then((m) => ({
    default: m.RecordRoute,
  })),
);

interface RecordRouteViewProps {
  readonly pluginId: string;
  readonly record: RecordPageEntry;
  /** The list page's codes, checked before any plugin code is fetched. */
  readonly requires: PermissionRequirement;
}

/**
 * A record page the host derived from a list page (`<list path>/:id`): the list's access check,
 * then the plugin's code (its list options: cells, form, row actions), then the engine's page.
 */
export const RecordRouteView = observer(function RecordRouteView({ pluginId, record, requires }: RecordRouteViewProps) {
  const { t } = useTranslation();
  const permissions = useInjection(PermissionService);
  const { id = '' } = useParams();
  if (!permissions.allows(requires)) return <NoAccessPage />;
  return (
    <WithPluginCode pluginId={pluginId}>
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <RecordRoute key={`${record.resource}:${id}`} resource={record.resource} listPath={record.listPath} id={id} />
      </Suspense>
    </WithPluginCode>
  );
});

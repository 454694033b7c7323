import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken } from '@core/sdk/web';
import { notesResource } from '../shared/notes';
import { NotesOverviewPage } from './NotesOverviewPage';

/** What the plugin binds when its code loads: a page for every page of the manifest. */
export default new ContainerModule(({ bind }) => {
  bind(RouteContributionToken).toConstantValue(resourceRoute(notesResource));
  bind(RouteContributionToken).toConstantValue({ path: '/notes-overview', component: NotesOverviewPage });
});

import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { adminManifest } from '../manifest';
import articlesSql from './migrations/0001_articles.sql?raw';
import rdpSql from './migrations/0002_rdp.sql?raw';
import keitaroSql from './migrations/0003_keitaro.sql?raw';
import issueTrackerSql from './migrations/0004_issue_tracker.sql?raw';
import serviceLinksSql from './migrations/0005_service_links.sql?raw';
import engineResourcesSql from './migrations/0006_engine_resources.sql?raw';
import auditedWritesSql from './migrations/0007_audited_writes.sql?raw';
import { keitaroReversesResource, keitaroServersResource } from '../shared/keitaro';
import { articlesResource } from '../shared/article';
import { rdpServersResource } from '../shared/rdp';
import { seedDemo } from './demo-seed';
import { ADMIN_MESSAGES_RU } from './messages-ru';
import type { IssueTrackerAdapter } from './issue-tracker/issue-tracker-adapter';
import { issueTrackerRoutes } from './issue-tracker/issue-tracker-routes';
import { localIssueTracker } from './issue-tracker/local-issue-tracker';
import { YouTrackAdapter, youTrackConfig } from './issue-tracker/youtrack-adapter';
import { localKeitaroAdapter, type KeitaroAdapter } from './keitaro/keitaro-adapter';
import { keitaroHooks, keitaroRoutes } from './keitaro/keitaro-routes';
import { localRdpAdapter, type RdpHostAdapter } from './rdp/rdp-adapter';
import { rdpRoutes, rdpServerHooks } from './rdp/rdp-routes';
import { serviceLinksRoutes } from './service-links/service-links-routes';
import { pluginsRoutes } from './plugins-routes';
import { systemSettingsRoutes } from './system-settings-routes';
import { trackerUsersRoutes } from './tracker-users/tracker-users-routes';

export { seedDemo };

export interface AdminAdapters {
  readonly keitaro: KeitaroAdapter;
  readonly rdp: RdpHostAdapter;
  readonly issueTracker: IssueTrackerAdapter;
}

export interface AdminServerOptions {
  /** Adapters to use instead of the configured ones (tests, or a real Keitaro or RDP adapter). */
  readonly adapters?: Partial<AdminAdapters>;
  /** Where ERP_YOUTRACK_* are read; the process environment by default. */
  readonly env?: NodeJS.ProcessEnv;
}

/** The issue tracker the settings ask for: YouTrack when a URL is configured, else the local adapter. */
export function configuredIssueTracker(
  settings: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
): IssueTrackerAdapter {
  const config = youTrackConfig(settings, env);
  return config ? new YouTrackAdapter(config) : localIssueTracker;
}

/**
 * The admin plugin's server part (service `auth`): articles (JA), RDP servers (VR, with grants
 * added) and Keitaro servers and reverses (VR, with their state machine), all engine resources;
 * users' tracker, issue-tracker and RDP accounts and their service links (JU), the system
 * settings and the read-only plugin inventory (JS). Every write goes through the engine or, for
 * what is not a record of its own, the audit service: each is audited with its actor.
 */
export function createAdminServerPlugin(options: AdminServerOptions = {}): ServerPlugin {
  const rdp = options.adapters?.rdp ?? localRdpAdapter;
  const keitaro = options.adapters?.keitaro ?? localKeitaroAdapter;
  return defineServerPlugin({
    manifest: adminManifest,
    migrations: [
      { name: '0001_articles', sql: articlesSql },
      { name: '0002_rdp', sql: rdpSql },
      { name: '0003_keitaro', sql: keitaroSql },
      { name: '0004_issue_tracker', sql: issueTrackerSql },
      { name: '0005_service_links', sql: serviceLinksSql },
      { name: '0006_engine_resources', sql: engineResourcesSql },
      { name: '0007_audited_writes', sql: auditedWritesSql },
    ],
    // Ordinary lists: the core resource engine serves them, at the `articles` and `rdps/server` paths the screens call.
    resources: [articlesResource, rdpServersResource, keitaroServersResource, keitaroReversesResource],
    // The tracker's trackers point at a Keitaro server, whose address and key its links and sync need.
    sharedViews: ['keitaro_servers'],
    messages: { ru: ADMIN_MESSAGES_RU },
    register(app, context) {
      context.resources.hooks(rdpServersResource, rdpServerHooks(rdp, context));
      context.resources.hooksById(keitaroHooks(keitaro));
      const issueTracker =
        options.adapters?.issueTracker ?? configuredIssueTracker(context.settings, options.env ?? process.env);
      rdpRoutes(app, context, rdp);
      keitaroRoutes(app, context, keitaro);
      trackerUsersRoutes(app, context, keitaro);
      issueTrackerRoutes(app, context, issueTracker);
      serviceLinksRoutes(app, context);
      systemSettingsRoutes(app, context);
      pluginsRoutes(app, context);
    },
    async seedDemo(db, demo) {
      await seedDemo(db, demo);
    },
  });
}

export default createAdminServerPlugin();

import type { FastifyInstance } from 'fastify';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database } from '../database/database';
import type { ServerTranslations } from '../i18n/translations';
import { mountResources } from '../resource/mount';
import { ACCOUNT_HOOKS, ACCOUNT_RESOURCES } from './account-resources';
import type { AuthSettings } from './auth-settings';
import { authRoutes } from './auth-routes';
import { countriesReferenceRoute } from './countries-reference-route';
import { mattermostRoutes } from './mattermost-routes';
import { rolesRoutes } from './roles-routes';
import { sessionIssuer } from './session-issuer';
import type { SignInCodes } from './sign-in-codes';
import { telegramRoutes } from './telegram-routes';
import { usersPickerRequirements } from './users-reference-routes';
import { usersRoutes } from './users-routes';

export interface AuthServiceOptions {
  readonly db: Database;
  readonly secret: string;
  readonly settings: AuthSettings;
  /** The service's mount point; the refresh cookie is sent only below it. */
  readonly prefix: string;
  /** The codes the enabled plugins and the core declare: the roles screen may not rename or delete them. */
  readonly builtInCodes: ReadonlySet<string>;
  /** The server's sign-in codes, shared with the plugins that bind them (`context.signIn`). */
  readonly signIn: SignInCodes;
  /** The enabled plugins' resources: those with a user field open the users picker to their holders. */
  readonly resources: readonly ResourceDefinition[];
  /** The app's strings, for the users' and roles' exports. */
  readonly translations: ServerTranslations;
}

/** The core auth service: always mounted, whatever plugins are enabled. */
export async function authService(app: FastifyInstance, options: AuthServiceOptions): Promise<void> {
  const { db, settings } = options;
  const sessions = sessionIssuer(db, {
    secret: options.secret,
    cookiePath: `${options.prefix}/`,
    accessTokenSeconds: settings.accessTokenSeconds,
    refreshGraceSeconds: settings.refreshGraceSeconds,
  });
  authRoutes(app, db, sessions);
  usersRoutes(app, db, usersPickerRequirements(options.resources));
  rolesRoutes(app, db, options.builtInCodes);
  countriesReferenceRoute(app, db);
  telegramRoutes(app, db, sessions, settings.telegram, options.signIn);
  mattermostRoutes(app, db, settings.mattermost);
  // After the spec's routes, in a child scope so they are all known: the engine adds only the calls
  // they leave (export, one record, overview, history, timeline, comments, revert, …), which run
  // the same hooks as the spec's writes.
  await app.register(async (child) =>
    mountResources(child, {
      db,
      definitions: ACCOUNT_RESOURCES,
      hooks: ACCOUNT_HOOKS,
      mounted: [...ACCOUNT_RESOURCES, ...options.resources],
      translations: options.translations,
    }),
  );
}

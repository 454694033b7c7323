import fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { PluginInventoryItem, PluginLoadState } from '@core/shared/plugin-inventory';
import type { PublishedConfig, RemotePlugin, RuntimeConfig } from '@core/shared/runtime-config';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth/auth-settings';
import { authService } from './auth/auth-service';
import { signInCodes } from './auth/sign-in-codes';
import type { Database } from './database/database';
import { pluginDatabase, providedService } from './database/plugin-handle';
import { grantSharedViews } from './database/plugin-roles';
import { installAdmission } from './http/admission';
import { admissionLimits, type AdmissionLimits } from './http/admission-limiter';
import { CORE_MESSAGES_RU } from './http/core-messages-ru';
import { answerFrameworkError, installErrorHandler } from './http/error-handler';
import { installMetrics } from './http/metrics';
import { installRequestIds, requestIdOf } from './http/request-id';
import { MessageTranslator } from './http/message-translations';
import { ServerTranslations } from './i18n/translations';
import { refusedWebFiles } from './http/plugin-chunks';
import { isPluginFilesPath, servePluginFiles, type HostedWebPart } from './http/plugin-files';
import { installRouteAccess } from './http/route-access';
import { installSchemaValidation } from './http/schema-validation';
import { externalOrigins, installSecurityHeaders } from './http/security-headers';
import { installNoInputRule } from './http/no-input';
import { installTextInputRule } from './http/text-input';
import { installXsrfProtection } from './http/xsrf';
import { auditService, type PluginInventory, type PluginResources, type ServerPlugin } from './plugin';
import { registerIsolated } from './plugin-isolation';
import { usersService } from './auth/users-service';
import { recordWriter } from './resource/record-writer';
import { routeKit } from './resource/route-kit';
import { catalogueRoutes } from './resource/catalogue-routes';
import { ACCOUNT_RESOURCES } from './auth/account-resources';
import { preferenceRoutes } from './auth/preferences-routes';
import { enabledResources, mountResources } from './resource/mount';
import {
  coreSecretStatuses,
  coreSystemSettings,
  DEFAULT_LANGUAGE_KEY,
  PRODUCT_NAME_KEY,
  readSetting,
  SettingsCatalogue,
} from './settings';
import {
  graphPluginOf,
  inventoryWithServices,
  legacyServices,
  publishedServices,
  resolveServiceGraph,
  ServiceRegistry,
  type ServiceReplacement,
} from './services';
import type { ResourceHooks } from './resource/hooks';
import { registerRowAction } from './resource/row-action';
import { createJobSystem, JOB_MESSAGES_RU, registerJobRoutes, type JobSystemOptions } from './jobs';
import { BACKUP_MESSAGES_RU, installBackups, type BackupSettings } from './backups';
import {
  createNotificationSystem,
  NOTIFICATION_MESSAGES_RU,
  notifySettledJobs,
  registerNotificationRoutes,
  STREAM_PATH,
} from './notifications';

export interface ApiServerOptions {
  readonly db: Database;
  /** Access-token signing key. */
  readonly secret: string;
  /** Only the enabled plugins: a disabled plugin mounts nothing, so its routes answer 404. */
  readonly plugins: readonly ServerPlugin[];
  /** Published at /config.json; nothing secret. */
  readonly runtimeConfig: RuntimeConfig;
  readonly pluginSettings: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The built web app to serve, or null to serve the API only. */
  readonly webRoot: string | null;
  /** Log as JSON lines to stdout, or to the given stream (a test reading what a request logged). */
  readonly logger: boolean | { readonly stream: { write(line: string): void } };
  /** The bearer token GET /metrics answers to; without one the metrics are not collected and /metrics is an unknown path. */
  readonly metricsToken?: string;
  /** How many proxies in front of the server to trust for X-Forwarded-*; none by default. */
  readonly trustProxy?: number;
  /** Messenger sign-in and chat-platform linking; both answer 503 while unconfigured. */
  readonly auth?: AuthSettings;
  /** Serve the web build's `*.map` files; without this they answer 404 like any unknown path. */
  readonly serveSourceMaps?: boolean;
  /** False once the server is stopping, so `GET /api/ready` answers 503; always ready when not given. */
  readonly ready?: () => boolean;
  /** Admission bounds (http/admission.ts); each one not given is the database kind's default. */
  readonly overload?: Partial<AdmissionLimits>;
  /**
   * The plugins among `plugins` loaded from outside the repository, by id. Each registers in a
   * scope of its own, so its `register` throwing leaves that plugin out (its routes answer 404,
   * its manifest, remote and files are no longer published) while the rest start; a built-in
   * plugin's `register` throwing still stops start-up.
   */
  readonly externalPlugins?: readonly ExternalPluginServing[];
  /** Every plugin the host could run (`context.plugins`); by default the given plugins, as built in. */
  readonly inventory?: PluginInventory;
  /** Told when an external plugin does not start here: its registration threw, or a plugin it needs did not start. */
  readonly onPluginSetback?: (id: string, setback: PluginSetbackState, reason: string) => void;
  /** The background job runner's timing and concurrency (core/server/jobs); it starts when the server is ready and stops with it. */
  readonly jobs?: Omit<JobSystemOptions, 'logger'>;
  /** Services to stand in for their providers' (the test kit's replacements), by ref. */
  readonly serviceReplacements?: readonly ServiceReplacement[];
  /** The embedded database's backups (`core.backup`, /api/system/backups); none without. */
  readonly backups?: BackupSettings;
  /**
   * The notification streams this server holds at most (config `notifications.maxStreams`; 1000
   * when not given), and whether the demo's sample notifications have their source (ERP_DEMO=1).
   */
  readonly notifications?: { readonly maxStreams?: number; readonly samples?: boolean };
}

/** An external plugin as the API server hosts it: its id among `plugins` and its browser part, if any. */
export interface ExternalPluginServing {
  readonly id: string;
  readonly web: HostedWebPart | null;
}

export type PluginSetbackState = Extract<PluginLoadState, 'failed' | 'refused'>;

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The mount point of a service's routes on this server. */
export function servicePrefix(service: string): string {
  return `/api/${service}`;
}

/**
 * The runtime config with the product name and default language an administrator stored as system
 * settings; the configuration's own values while the database cannot say.
 */
async function publishedConfig(db: Database, config: RuntimeConfig): Promise<RuntimeConfig> {
  try {
    const productName = await readSetting(db, PRODUCT_NAME_KEY, config.productName);
    const language = await readSetting(db, DEFAULT_LANGUAGE_KEY, config.defaultLanguage);
    return {
      ...config,
      productName: productName.trim() === '' ? config.productName : productName,
      defaultLanguage: language === 'ru' ? 'ru' : 'en',
    };
  } catch {
    return config;
  }
}

// Content-hashed file names (see rspack.config.ts) never change content, so they may be cached for good.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|json)$/;
const ASSET_PATH = /\.(m?js|css|map|json|png|jpe?g|gif|svg|ico|woff2?|txt)$/i;

/** The given plugins as built-in and running, for a server built without a host's inventory (tests). */
function inventoryOf(plugins: () => readonly ServerPlugin[]): PluginInventory {
  return {
    list: (): PluginInventoryItem[] =>
      plugins().map(({ manifest }) => ({
        id: manifest.id,
        version: manifest.version,
        sdk: manifest.sdk,
        titleKey: manifest.titleKey,
        source: { kind: 'builtin' },
        enabled: true,
        state: 'running',
        error: null,
      })),
  };
}

/** An error thrown by plugin code as the one line a log and the inventory show. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function createApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const app = fastify({
    logger: options.logger,
    // A caller's (a balancer's) x-request-id when it is a short token, else a new one; its log lines carry it as reqId (Fastify's label).
    genReqId: requestIdOf,
    // Called only for requests, so after the translator below exists.
    frameworkErrors: (error, request, reply) => answerFrameworkError(translator, error, request, reply),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Behind a load balancer the client's address comes from X-Forwarded-For (sign-in throttling counts per IP).
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
  });
  // Before any route, so their hooks reach every one.
  installRequestIds(app);
  const metrics = installMetrics(app, options.metricsToken);
  installSchemaValidation(app);
  installTextInputRule(app);
  installNoInputRule(app);
  const translator = new MessageTranslator([
    CORE_MESSAGES_RU,
    JOB_MESSAGES_RU,
    NOTIFICATION_MESSAGES_RU,
    BACKUP_MESSAGES_RU,
    ...options.plugins.flatMap((plugin) => (plugin.messages ? [plugin.messages.ru] : [])),
  ]);
  installErrorHandler(app, translator);
  // First of the request hooks but the request id's, so a refused request costs no more than its 503. The probes stay
  // outside: a busy server is alive and ready, only slow. A notification stream holds no place: it waits on no database.
  const admission = installAdmission(
    app,
    admissionLimits(options.db.kind, options.overload),
    ['/api/health', '/api/ready', STREAM_PATH],
    metrics?.admissionRefused,
  );
  await app.register(cookie);
  const revocations = installRouteAccess(app, {
    secret: options.secret,
    db: options.db,
    auth: options.auth ?? DEFAULT_AUTH_SETTINGS,
  });
  installXsrfProtection(app);
  installSecurityHeaders(
    app,
    externalOrigins([...Object.values(options.runtimeConfig.services), ...options.runtimeConfig.extraRefreshUrls]),
  );

  // For load balancers: 503 from the moment a stop begins, while requests in flight still finish.
  // Distinct from /api/health, which says whether the database answers.
  app.get('/api/ready', { config: { access: { public: true } } }, async (_request, reply) => {
    if (options.ready?.() ?? true) return { data: { status: 'ready' } };
    return reply.status(503).send({ message: 'The server is shutting down.' });
  });

  app.get('/api/health', { config: { access: { public: true } } }, async (_request, reply) => {
    try {
      await options.db.query('SELECT 1');
      return { data: { status: 'ok', database: options.db.kind } };
    } catch {
      return reply.status(503).send({ message: 'The database is unreachable.' });
    }
  });

  // Checked before anything is registered: a missing or doubled provider, or a cycle of required dependencies, stops start-up.
  const graph = resolveServiceGraph(options.plugins.map(graphPluginOf));
  const services = new ServiceRegistry(graph, options.serviceReplacements);
  const byId = new Map(options.plugins.map((plugin) => [plugin.manifest.id, plugin]));
  const startOrder = graph.order.map((id) => byId.get(id)!);

  // The plugins that run: those given, less external ones whose registration failed (known before the server listens).
  const external = new Map((options.externalPlugins ?? []).map((serving) => [serving.id, serving]));
  const failed = new Set<string>();
  const running = (): ServerPlugin[] => options.plugins.filter((plugin) => !failed.has(plugin.manifest.id));
  const inventory = inventoryWithServices(options.inventory ?? inventoryOf(running), graph);

  // The running plugins' manifests ride here, not in the web build: the sign-in page needs none of them.
  const manifests = options.plugins.map((plugin) => plugin.manifest);
  app.get('/config.json', async (_request, reply): Promise<PublishedConfig> => {
    reply.header('cache-control', 'no-cache');
    const plugins = running();
    const remotes: Record<string, RemotePlugin> = {};
    for (const { manifest } of plugins) {
      const web = external.get(manifest.id)?.web;
      if (web) remotes[manifest.id] = web.remote;
    }
    const published = await publishedConfig(options.db, options.runtimeConfig);
    return {
      ...published,
      plugins: plugins.map(({ manifest }) => manifest.id),
      manifests: plugins.map((plugin) => plugin.manifest),
      remotes,
      pluginServices: publishedServices(graph, (id) => !failed.has(id)),
    };
  });

  const auth = options.auth ?? DEFAULT_AUTH_SETTINGS;
  // The codes the running plugins declare (an admin may not remove them); narrowed if a plugin fails to register.
  const builtInCodes = new Set(new PermissionCatalogue(manifests).codes);
  // One per server: the codes live in the database, the bot link provider is this server's.
  const signIn = signInCodes(options.db);
  // Checked before anything is mounted: a broken definition stops start-up with its problems listed.
  const resources = enabledResources(options.plugins);
  const translations = new ServerTranslations(
    Object.fromEntries(
      options.plugins.flatMap((plugin) => (plugin.translations ? [[plugin.manifest.id, plugin.translations]] : [])),
    ),
  );
  await app.register(authService, {
    prefix: servicePrefix('auth'),
    db: options.db,
    secret: options.secret,
    settings: auth,
    builtInCodes,
    signIn,
    resources,
    translations,
  });

  // Declared once for the whole server: two parts declaring one key stop start-up here.
  const systemSettings = new SettingsCatalogue([
    ...coreSystemSettings({ runtimeConfig: options.runtimeConfig, auth }),
    ...options.plugins.flatMap((plugin) => plugin.systemSettings ?? []),
  ]);
  const secrets = coreSecretStatuses(auth);
  const records = recordWriter(options.db, resources);
  const jobSystem = createJobSystem(options.db, { ...options.jobs, logger: app.log }, translator);
  registerJobRoutes(app, { db: options.db, registry: jobSystem.registry, runner: jobSystem.runner, translator });
  app.addHook('onReady', async () => jobSystem.runner.start());
  app.addHook('onClose', async () => jobSystem.runner.stop());
  if (options.backups) installBackups(app, options.db, jobSystem.jobs, options.backups);
  const notificationSystem = createNotificationSystem(options.db, jobSystem.jobs, {
    ...options.notifications,
    log: app.log,
  });
  registerNotificationRoutes(app, { db: options.db, system: notificationSystem });
  notifySettledJobs(jobSystem, options.db, notificationSystem.notifications, translator, app.log);
  // A blocked or deleted user's streams end at the revocation poll that sees it.
  revocations.onInactive((userId) => notificationSystem.streams.closeUser(userId));
  app.decorate('notificationStreams', notificationSystem.streams);
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await notificationSystem.listen(options.db);
  });
  // Before the server closes: it would otherwise wait for the streams, which never end by themselves.
  app.addHook('preClose', async () => notificationSystem.streams.closeAll());
  app.addHook('onClose', async () => unlisten?.());
  metrics?.watch({
    db: options.db,
    admission,
    plugins: inventory,
    onJobSettled: (listener) => jobSystem.onSettled(listener),
  });
  // Before any plugin runs a statement: each reads the views its dependencies share with it.
  await grantSharedViews(options.db, options.plugins);
  for (const plugin of startOrder) {
    const { id } = plugin.manifest;
    const settings = options.pluginSettings[id] ?? {};
    const definitions = plugin.resources ?? [];
    const mount = async (scope: FastifyInstance): Promise<void> => {
      const db = pluginDatabase(options.db, id);
      const shared = services.forPlugin(id);
      // A 1.x plugin's static hooks, then those `register` adds for its own resources.
      const hooks: Record<string, ResourceHooks> = { ...plugin.resourceHooks };
      const ownResource = (resourceId: string, what: string): ResourceDefinition => {
        const definition = definitions.find((candidate) => candidate.id === resourceId);
        if (!definition)
          throw new Error(`Plugin "${id}" registers ${what} for "${resourceId}", which is not one of its resources.`);
        return definition;
      };
      const addHooks = (resourceId: string, definitionHooks: ResourceHooks): void => {
        ownResource(resourceId, 'hooks');
        if (hooks[resourceId]) throw new Error(`Plugin "${id}" registers hooks for "${resourceId}" twice.`);
        hooks[resourceId] = definitionHooks;
      };
      const resourcesOfPlugin: PluginResources = {
        hooks: (definition, definitionHooks) => addHooks(definition.id, definitionHooks),
        hooksById: (byResourceId) =>
          Object.entries(byResourceId).forEach(([resourceId, definitionHooks]) =>
            addHooks(resourceId, definitionHooks),
          ),
        rowAction: (definition, action, perform) => {
          ownResource(definition.id, `row action "${action.name}"`);
          registerRowAction(scope, db, definition, action, perform);
        },
      };
      await plugin.register(scope, {
        db,
        users: usersService,
        audit: auditService,
        records,
        routes: routeKit,
        settings,
        systemSettings,
        secrets,
        plugins: inventory,
        signIn,
        jobs: jobSystem.forPlugin(id),
        notifications: notificationSystem.forPlugin(id),
        translations,
        resources: resourcesOfPlugin,
        ...shared,
        // A taker passes its own transaction; the provider's statements run in it as the provider.
        provide: (ref, implementation) => shared.provide(ref, providedService(implementation, id)),
        ...legacyServices(services),
      });
      // After the plugin's own routes, in a child scope so they are all known: one it declared itself wins.
      if (definitions.length > 0)
        await scope.register(async (child) =>
          mountResources(child, { db: options.db, definitions, hooks, mounted: resources, translations }),
        );
    };
    const prefix = servicePrefix(plugin.manifest.service);
    if (!external.has(id)) {
      await app.register(mount, { prefix });
      continue;
    }
    const setBack = (setback: PluginSetbackState, reason: string): void => {
      failed.add(id);
      options.onPluginSetback?.(id, setback, reason);
    };
    // Plugins come in dependency order: one whose dependency failed to register is not registered at all.
    const missing = plugin.manifest.dependencies.find((dependency) => failed.has(dependency));
    if (missing !== undefined) {
      setBack('refused', `it needs plugin "${missing}", which is not running`);
      continue;
    }
    const missingProvider = graph.plugins
      .find((entry) => entry.id === id)
      ?.requires.find((service) => service.provider !== null && failed.has(service.provider));
    if (missingProvider !== undefined) {
      setBack(
        'refused',
        `it requires service "${missingProvider.id}" of plugin "${missingProvider.provider}", which is not running`,
      );
      continue;
    }
    await registerIsolated(app, prefix, mount, (error) =>
      setBack('failed', `its registration failed: ${reasonOf(error)}`),
    );
  }
  services.wire((id) => !failed.has(id));
  if (failed.size > 0) {
    builtInCodes.clear();
    for (const code of new PermissionCatalogue(running().map((plugin) => plugin.manifest)).codes)
      builtInCodes.add(code);
  }

  // The resource catalogue and record search span every running plugin's resources, so they come after them.
  const mountedResources = (): ResourceDefinition[] => [
    ...ACCOUNT_RESOURCES,
    ...running().flatMap((plugin) => plugin.resources ?? []),
  ];
  await app.register(catalogueRoutes, { prefix: servicePrefix('auth'), db: options.db, resources: mountedResources });
  await app.register(preferenceRoutes, { prefix: servicePrefix('auth'), db: options.db, resources: mountedResources });

  // Each running external plugin's browser files, at /plugins/<id>/.
  for (const plugin of running()) {
    const web = external.get(plugin.manifest.id)?.web;
    if (web)
      await servePluginFiles(app, plugin.manifest.id, web, { serveSourceMaps: options.serveSourceMaps === true });
  }

  if (options.webRoot) {
    // A disabled plugin's chunks answer 404 like any missing file.
    const refused = await refusedWebFiles(
      options.webRoot,
      options.plugins.map((plugin) => plugin.manifest.id),
    );
    await app.register(fastifyStatic, {
      root: options.webRoot,
      // One route per built file, found at start: any other path falls through to the page fallback.
      wildcard: false,
      index: false,
      allowedPath: (path) => !refused.has(path) && (options.serveSourceMaps === true || !path.endsWith('.map')),
      setHeaders: (reply, path) => {
        reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing file (a stale chunk, a source map not served) is a 404, never the page in its place.
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !isPluginFilesPath(path) &&
      !ASSET_PATH.test(path) &&
      options.webRoot !== null;
    if (!wantsPage) return reply.status(404).send({ message: 'Not found.' });
    // The single-page app owns every other path; index.html is never cached so a deploy is seen at once.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app;
}

import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { relative, sep } from 'node:path';
import { pluginFilesPath } from '@core/shared/external-plugin';
import type { RemotePlugin } from '@core/shared/runtime-config';

/** An external plugin's browser part as the server hosts it. */
export interface HostedWebPart {
  /** The absolute folder served at /plugins/<id>/. */
  readonly root: string;
  /** What /config.json publishes for it: every URL under /plugins/<id>/. */
  readonly remote: RemotePlugin;
}

/** Content-hashed names (`[name].[contenthash:10].js`) never change content, so they may be cached for good. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(m?js|css|woff2?|png|svg|json)$/;

/** A request path names a file inside the folder: no `..` segment (in any spelling) and not a folder. */
function isFileInside(path: string): boolean {
  const decoded = safeDecode(path);
  return decoded !== null && decoded !== '' && !decoded.endsWith('/') && !decoded.split(/[\\/]/).includes('..');
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Whether a URL path is under the external plugins' files (`/plugins/…`): never the page, whatever it names. */
export function isPluginFilesPath(url: string): boolean {
  return url.startsWith('/plugins/');
}

/**
 * Serves a running external plugin's web folder at /plugins/<id>/, same origin as the app (the
 * content security policy stays 'self'). Files are looked up per request, so `erp-plugin dev`
 * rebuilding the folder (new chunks included) needs a page reload, not a server restart; a path
 * outside the folder (`..` in any spelling) or under a disabled or failed plugin's prefix is a 404.
 * The remote's manifest, entry and strings are `no-cache`, since they keep their names across
 * versions; content-hashed chunks are cached for good.
 */
export async function servePluginFiles(
  app: FastifyInstance,
  id: string,
  part: HostedWebPart,
  options: { readonly serveSourceMaps: boolean },
): Promise<void> {
  const prefix = pluginFilesPath(id);
  const fresh = new Set([part.remote.entry, ...Object.values(part.remote.translations), `${prefix}remoteEntry.js`]);
  const urlOf = (file: string): string => `${prefix}${relative(part.root, file).split(sep).join('/')}`;
  await app.register(async (scope) => {
    // Ahead of the static handler, which would answer some of these 403: a miss is a miss.
    scope.addHook('onRequest', async (request, reply) => {
      const path = request.url.slice(prefix.length).split('?')[0] ?? '';
      if (!isFileInside(path)) return reply.callNotFound();
      return undefined;
    });
    await scope.register(fastifyStatic, {
      root: part.root,
      prefix,
      wildcard: true,
      index: false,
      // A second static root beside the app's own: the reply's sendFile stays the app's.
      decorateReply: false,
      serveDotFiles: false,
      allowedPath: (path) => options.serveSourceMaps || !path.endsWith('.map'),
      setHeaders: (reply, file) => {
        const url = urlOf(file);
        reply.header(
          'cache-control',
          !fresh.has(url) && HASHED_FILE.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
}

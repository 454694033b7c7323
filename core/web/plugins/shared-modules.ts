import type { ShareArgs } from '@module-federation/runtime/types';
import { hostShareVersion, type SharedRequest } from './shared-versions';

type ModuleImport = () => Promise<unknown>;

/**
 * Every module a remote may consume from the host, each as the dynamic import of the very module
 * the host itself runs, so a remote's React, MobX, container and SDK are the host's instances:
 * one React tree, one observable graph, the kernel's own bindings. Dynamic, so a remote that uses
 * few packages makes the browser fetch no others (the whole SDK web entry is large); modules the
 * app already holds resolve at once. Typed by SharedRequest, so a request added to the shared
 * list without a provider here fails to compile.
 */
const SHARED_MODULES: Readonly<Record<SharedRequest, ModuleImport>> = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react-router-dom': () => import('./plugin-router-api'),
  mobx: () => import('mobx'),
  'mobx-react-lite': () => import('mobx-react-lite'),
  inversify: () => import('inversify'),
  // Only its side effect matters (the Reflect metadata API): the host applied the lite build at start
  // (app.tsx), and the full build would install a second registry over it.
  'reflect-metadata': () => import('reflect-metadata/lite'),
  i18next: () => import('i18next'),
  'react-i18next': () => import('react-i18next'),
  '@fluentui/react-components': () => import('@fluentui/react-components'),
  '@core/sdk/web': () => import('@core/sdk/web'),
  '@core/sdk/shared': () => import('@core/sdk/shared'),
};

/** The requests the host provides, in a stable order. */
export const HOST_SHARED_REQUESTS = Object.keys(SHARED_MODULES) as readonly SharedRequest[];

/**
 * The `shared` option of the host's federation instance: each module provided lazily as a
 * singleton at the host's version. The host never consumes through federation: these entries are
 * only what a remote's `import: false` shares find in the scope.
 */
export function hostSharedModules(): Record<string, ShareArgs> {
  const shared: Record<string, ShareArgs> = {};
  for (const request of HOST_SHARED_REQUESTS) {
    const version = hostShareVersion(request);
    if (version === null) throw new Error(`no host version is known for the shared module "${request}"`);
    const load = SHARED_MODULES[request];
    shared[request] = {
      version,
      get: () => load().then((module) => () => module),
      shareConfig: { singleton: true, requiredVersion: version },
    };
  }
  return shared;
}

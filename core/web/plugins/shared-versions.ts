import { packageOf, SHARED_SDK_ENTRIES, type SharedPackage } from '@core/shared/shared-packages';
import { SDK_VERSION } from '@core/sdk/version';

/** A request a remote may consume from the host: a shared package (or its subpath) or an SDK entry point. */
export type SharedRequest = SharedPackage | (typeof SHARED_SDK_ENTRIES)[number];

/** The npm packages behind the provided requests (`react/jsx-runtime` is react's). */
export type SharedPackageName =
  | 'react'
  | 'react-dom'
  | 'react-router-dom'
  | 'mobx'
  | 'mobx-react-lite'
  | 'inversify'
  | 'reflect-metadata'
  | 'i18next'
  | 'react-i18next'
  | '@fluentui/react-components';

/**
 * The versions of the packages the host provides to external plugins, written once here rather
 * than read from node_modules at build time (the web build has no file system to read, and a
 * build-time define would hide the numbers from review). A unit test holds each equal to the
 * installed package.json, so an upgrade that forgets this table fails at once.
 */
export const HOST_PACKAGE_VERSIONS: Readonly<Record<SharedPackageName, string>> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  mobx: '7.1.3',
  'mobx-react-lite': '5.1.0',
  inversify: '8.2.3',
  'reflect-metadata': '0.2.2',
  i18next: '26.7.2',
  'react-i18next': '17.1.13',
  '@fluentui/react-components': '9.74.11',
};

function isPackageName(name: string): name is SharedPackageName {
  return Object.hasOwn(HOST_PACKAGE_VERSIONS, name);
}

/**
 * The version the host shares `request` at: SDK_VERSION for an SDK entry point, the installed
 * version of its package otherwise; null for a request the host does not provide at all.
 */
export function hostShareVersion(request: string): string | null {
  if ((SHARED_SDK_ENTRIES as readonly string[]).includes(request)) return SDK_VERSION;
  const name = packageOf(request);
  return isPackageName(name) ? HOST_PACKAGE_VERSIONS[name] : null;
}

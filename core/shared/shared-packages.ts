/**
 * The packages host and external plugins share as singletons through Module Federation: one React,
 * one MobX, one container, one Fluent theme, one SDK. A remote declares each with `import: false`, so
 * it never bundles a copy of its own; the host provides its own instances when a remote asks.
 */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  'inversify',
  'reflect-metadata',
  'i18next',
  'react-i18next',
  '@fluentui/react-components',
] as const;
// @fluentui/react-icons is not shared: providing it would keep every icon in the host's build (and send
// a remote the whole set for its first icon). A remote bundles the few icons it uses.

/** The SDK's entry points a remote may import, shared at SDK_VERSION. */
export const SHARED_SDK_ENTRIES = ['@core/sdk/web', '@core/sdk/shared'] as const;

export type SharedPackage = (typeof SHARED_PACKAGES)[number];

/** The npm package a shared request belongs to (`react/jsx-runtime` → `react`). */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? request);
}

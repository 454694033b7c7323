import type { Container } from 'inversify';
import { I18nService } from '../services/i18n-service';
import { ToastService } from '../services/toast-service';
import { PluginHost } from './plugin-host';
import { pluginTitle } from './plugin-title';

/** A package an external plugin was built against at a version the host does not have. */
export interface SharedMismatch {
  /** The shared request, e.g. `react` or `@core/sdk/web`. */
  readonly request: string;
  /** The range the plugin's build asks for. */
  readonly wanted: string;
  /** What the host provides; null when it provides nothing under that name. */
  readonly host: string | null;
}

/**
 * Something the user should know about a plugin that still loads. Only one kind so far: shared
 * packages at other versions (the plugin runs on the host's copy, never a second one, and may
 * misbehave).
 */
export interface PluginNotice {
  readonly kind: 'sharedVersions';
  readonly pluginId: string;
  readonly mismatches: readonly SharedMismatch[];
}

export type PluginNoticeSink = (notice: PluginNotice) => void;

/**
 * Carries notices from the remote plugins' loaders, made before the kernel exists (they are part of
 * the plugin list the kernel is built from), to the kernel's toasts once it does. Notices raised
 * before a sink attaches wait for it.
 */
export class PluginNotices {
  private sink: PluginNoticeSink | null = null;
  private readonly waiting: PluginNotice[] = [];

  report(notice: PluginNotice): void {
    if (this.sink) this.sink(notice);
    else this.waiting.push(notice);
  }

  attach(sink: PluginNoticeSink): void {
    this.sink = sink;
    for (const notice of this.waiting.splice(0)) sink(notice);
  }
}

/** Shows each notice as a warning toast in the user's language, naming the plugin and the packages. */
export function showPluginNotices(notices: PluginNotices, container: Container): void {
  const toasts = container.get(ToastService);
  const i18n = container.get(I18nService);
  const host = container.get(PluginHost);
  notices.attach((notice) => {
    const manifest = host.manifests.find((candidate) => candidate.id === notice.pluginId);
    const plugin = manifest ? pluginTitle(i18n, manifest) : notice.pluginId;
    const packages = notice.mismatches.map((mismatch) => mismatch.request).join(', ');
    toasts.warning(i18n.t('core:shell.plugins.sharedVersions', { plugin, packages }));
  });
}

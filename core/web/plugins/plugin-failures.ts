import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import type { PluginManifest } from '@core/shared/manifest';
import { SDK_VERSION } from '@core/sdk/version';
import type { PluginCode } from './define-plugin';

/**
 * Why a plugin did not start, so its pages can say something the user can act on: `refused` was
 * written for another SDK (trying again cannot help), `unavailable` failed to load (its code,
 * strings or a dependency; trying again may help).
 */
export type PluginFailure =
  | { readonly kind: 'refused'; readonly wanted: string; readonly sdk: string }
  | { readonly kind: 'unavailable' };

/** Thrown by the code of a plugin the host refuses to run: it was written for another SDK. */
export class PluginRefusedError extends Error {
  constructor(
    message: string,
    /** The SDK range the plugin's manifest asks for. */
    readonly wanted: string,
    /** The SDK this host has. */
    readonly sdk: string,
  ) {
    super(message);
    this.name = 'PluginRefusedError';
  }
}

export function pluginFailure(error: unknown): PluginFailure {
  return error instanceof PluginRefusedError
    ? { kind: 'refused', wanted: error.wanted, sdk: error.sdk }
    : { kind: 'unavailable' };
}

/**
 * The code of an external plugin written for another SDK: its strings still load (they are plain
 * JSON, and name it in the sidebar and in the messages), but its code never does. Keeping it among
 * the enabled plugins gives its pages a message saying why, where leaving it out would show
 * "not found" for a link the sidebar still has.
 */
export function refusedPluginCode(
  code: PluginCode,
  manifest: Pick<PluginManifest, 'sdk'>,
  problem: string,
): PluginCode {
  const wanted = typeof manifest.sdk === 'string' ? manifest.sdk : '';
  return {
    translations: code.translations,
    load: () => Promise.reject(new PluginRefusedError(problem, wanted, SDK_VERSION)),
  };
}

/**
 * What the plugin host learnt of each failed plugin, observable, for the page that shows it. Kept
 * apart from PluginHost (part of the SDK's surface) since only the shell reads it.
 */
@injectable()
export class PluginFailures {
  private readonly byId = observable.map<string, PluginFailure>();

  constructor() {
    makeObservable(this, { record: action, forget: action });
  }

  /** Why the plugin failed; undefined while it has not failed. */
  get(id: string): PluginFailure | undefined {
    return this.byId.get(id);
  }

  record(id: string, failure: PluginFailure): void {
    this.byId.set(id, failure);
  }

  forget(id: string): void {
    this.byId.delete(id);
  }
}

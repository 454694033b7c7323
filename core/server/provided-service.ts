/**
 * A service one plugin provides and every other plugin calls through the kernel's context
 * (`context.spreadsheets`, `context.messaging.notifications`): whether a plugin provides it, and
 * taking the provider. A second provider stops start-up.
 */
export interface Providable<T> {
  /** Whether a plugin provides the service. */
  readonly available: boolean;
  /** Makes `provider` the service's; a second provider stops start-up. */
  provide(provider: T): void;
}

/**
 * The provider's place in such a service: a subclass adds the calls, each through `provider()`,
 * which throws the service's own unavailable error while no plugin provides it (the provider's
 * plugin is off), so a caller learns why rather than meeting a null.
 */
export abstract class ProviderSlot<T> implements Providable<T> {
  private current: T | null = null;

  /** `what` names the provider in the refusal of a second one (`The spreadsheet connection`). */
  protected constructor(
    private readonly what: string,
    private readonly unavailable: () => Error,
  ) {}

  get available(): boolean {
    return this.current !== null;
  }

  provide(provider: T): void {
    if (this.current !== null) throw new Error(`${this.what} is provided twice.`);
    this.current = provider;
  }

  protected provider(): T {
    if (this.current === null) throw this.unavailable();
    return this.current;
  }
}

/**
 * Typed names of what plugins share on the server: a service one plugin provides and others take,
 * and an extension point one plugin offers and others fill. The id reads `<plugin>.<name>`
 * (`finance.exchangeRates`); the type parameter is what a taker gets, carried for the compiler only.
 */
export interface ServiceRef<T> {
  readonly kind: 'service';
  readonly id: string;
  /** Never set: it carries `T`, so `context.service(ref)` is typed without a cast. */
  readonly type?: T;
}

/** An extension point: the offering plugin's registry (bot handlers, say) that other plugins fill in their `register`. */
export interface ExtensionPointRef<T> {
  readonly kind: 'extension-point';
  readonly id: string;
  /** Never set: it carries `T`. */
  readonly type?: T;
}

const REF_ID = /^[a-z][a-z0-9-]*\.[a-z][a-zA-Z0-9-]*$/;

function checkedId(id: string, what: string): string {
  if (!REF_ID.test(id)) throw new Error(`${what} id "${id}" must read <plugin>.<name> (finance.exchangeRates).`);
  return id;
}

/** Names a service; declare it once, in the providing plugin, and import it where it is taken. */
export function serviceRef<T>(id: string): ServiceRef<T> {
  return { kind: 'service', id: checkedId(id, 'Service') };
}

/** Names an extension point; declare it once, in the offering plugin. */
export function extensionPointRef<T>(id: string): ExtensionPointRef<T> {
  return { kind: 'extension-point', id: checkedId(id, 'Extension point') };
}

/**
 * What a server plugin declares, before any `register` runs, so the host can check and order the
 * enabled plugins: the services it provides, those it requires (their providers register first),
 * those it uses when present (wired once every plugin has registered), the extension points it
 * offers and those of other plugins it fills (their offerers register first).
 */
export interface ServiceDeclarations {
  readonly provides?: readonly ServiceRef<unknown>[];
  readonly requires?: readonly ServiceRef<unknown>[];
  readonly uses?: readonly ServiceRef<unknown>[];
  readonly offers?: readonly ExtensionPointRef<unknown>[];
  readonly extends?: readonly ExtensionPointRef<unknown>[];
}

/** The enabled plugins of this app start (`WebPlugin[]`), as the host selected them from configuration. */
export const EnabledPlugins = Symbol.for('erp.EnabledPlugins');

import { BOT_HANDLER_NAME, type BotHandler, type BotHandlerRegistry } from '../services';

/** The registry behind the `messenger.botHandlers` extension point: one per server, filled during registration. */
export function createBotHandlerRegistry(): BotHandlerRegistry {
  const handlers = new Map<string, BotHandler>();
  return {
    register(handler) {
      if (!BOT_HANDLER_NAME.test(handler.name))
        throw new Error(`Bot handler name "${handler.name}" must read <plugin>.<name> in lower case.`);
      if (handlers.has(handler.name)) throw new Error(`Bot handler "${handler.name}" is registered twice.`);
      handlers.set(handler.name, handler);
    },
    list: () => [...handlers.values()],
    find: (name) => handlers.get(name),
  };
}

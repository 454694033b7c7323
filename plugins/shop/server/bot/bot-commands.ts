/*
 * The team bot's commands as a member types them. Telegram may append the bot's name to a command
 * in a group (`/orders@team_bot`); the bot answers private chats only, but the suffix costs nothing
 * to accept.
 */

/** The most units one order placed through the bot may ask for. */
export const MAX_BOT_QUANTITY = 1000;

export type BotCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'products' }
  | { readonly kind: 'orders' }
  /** `product` is a name (any letter case) or a product's number, as typed. */
  | { readonly kind: 'order'; readonly product: string; readonly quantity: number }
  /** `/order` without a product and a valid quantity. */
  | { readonly kind: 'order-usage' };

const COMMAND = /^\/([a-z]+)(?:@\w+)?(?:\s+([\s\S]*))?$/i;
/** The last word is the quantity; the product's name before it may hold spaces. */
const ORDER_ARGUMENTS = /^(.+?)\s+(\d+)$/s;

function order(argument: string): BotCommand {
  const parts = ORDER_ARGUMENTS.exec(argument.trim());
  const product = parts?.[1]?.trim() ?? '';
  const quantity = Number(parts?.[2]);
  // Digits only, so no sign, exponent or fraction gets here; a number past the range asks for the usage.
  if (product === '' || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_BOT_QUANTITY)
    return { kind: 'order-usage' };
  return { kind: 'order', product, quantity };
}

/** The command in a message's text; anything else (a greeting, an unknown command) asks for help. */
export function parseCommand(text: string): BotCommand {
  const command = COMMAND.exec(text.trim());
  switch (command?.[1]?.toLowerCase()) {
    case 'products':
      return { kind: 'products' };
    case 'orders':
      return { kind: 'orders' };
    case 'order':
      return order(command?.[2] ?? '');
    default:
      return { kind: 'help' };
  }
}

/*
 * The order engine's refusals in English; a `{name}` stands for a value (messages-ru.ts carries it
 * into the Russian). Each is a key of ORDER_MESSAGES_RU.
 */

export const PRODUCT_NOT_ACTIVE = 'This product is not on sale: only active products can be ordered.';
export const PRODUCT_NOT_FOR_TEAM = 'This team may not order this product.';
export const UNKNOWN_TIME_ZONE = 'The team’s time zone {timezone} is unknown: correct it on the team first.';
export const DAY_LIMIT_REACHED =
  'The day limit of this product is {limit:number} for a team; {remaining:number} remain today.';
export const ORDER_FIXED = 'The product, quantity and team can only change while the order is new.';
export const NOT_ENOUGH_STOCK = 'Not enough stock: {available} of {needed} available.';
export const POSITIONS_SOLD = 'This order cannot be cancelled: its positions are already sold.';
export const ORDER_STATE_REFUSES = 'This action does not apply to the order in its current state.';

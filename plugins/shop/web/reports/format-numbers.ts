/*
 * The summary's numbers in the reader's culture (`en` 1,234.50, `ru` 1 234,50). The server's
 * decimal strings go to Intl as strings (`Intl.StringNumericLiteral`), so no digit passes through
 * floating point.
 */

export function formatUsd(amount: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount as Intl.StringNumericLiteral);
}

export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/** A share in percent, two places as the server rounded it. */
export function formatShare(share: string, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(share as Intl.StringNumericLiteral);
}

/** The card corrections' refusals (English; messages-ru.ts gives each its Russian). */
export const CORRECTION_MESSAGES = {
  approvedIsFinal: 'This correction is approved: it cannot be changed or deleted, only reversed by another.',
  reversedIsFinal: 'This correction has been reversed: it cannot be changed or deleted.',
  futureStatement: 'The statement date cannot be in the future.',
  reversalNotReversible: 'A reversal cannot be reversed: record a new correction instead.',
  onlyApprovedReversible: 'Only an approved correction can be reversed.',
  reasonRequired: 'Give the reason for the reversal.',
  adjustingIsFinal:
    'This transaction books an approved card correction: reverse the correction instead of changing it.',
} as const;

/** The statement's currency must be the wallet's; the currency is carried across as `{currency}`. */
export const statementCurrencyMessage = (currency: string): string =>
  `The statement balance must be in the wallet's currency (${currency}).`;

/** The adjusting transaction's comment: it names the correction it books. */
export const adjustingComment = (correctionId: number): string => `Card correction #${correctionId}`;
export const reversingComment = (correctionId: number, reversedId: number): string =>
  `Card correction #${correctionId}, reversing #${reversedId}`;

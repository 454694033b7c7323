import {
  defineResource,
  fieldBuilders,
  referenceTo,
  USERS_REFERENCE,
  type Money,
  type ReferenceTarget,
  type StatusTone,
} from '@core/sdk/shared';
import { FINANCE_MONEY, transactionsResource, walletsResource } from './resources';

/**
 * Card corrections: the difference between a card wallet's bank statement and the
 * books on a day. The server computes the book balance and the difference while a correction is
 * open; approving books the adjusting transaction under a correction article, and an approved
 * correction is never edited again, only reversed by another (see server/card-corrections).
 */

export const CORRECTION_STATUSES = ['open', 'approved', 'reversed'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
/** The badge colour of each CorrectionStatus (a status column). */
export const CORRECTION_STATUS_TONES = {
  open: 'warning',
  approved: 'success',
  reversed: 'subtle',
} as const satisfies Readonly<Record<CorrectionStatus, StatusTone>>;

/** The articles adjusting transactions are booked under, found by code (created when missing). */
export const CORRECTION_ARTICLE_CODES = {
  income: 'card-correction-income',
  expense: 'card-correction-expense',
} as const;

/** A correction is a reference of the reversal that cancels it (the definition cannot name itself). */
export const cardCorrectionsTarget: ReferenceTarget = {
  service: 'finance',
  path: 'card-corrections',
  table: 'finance.card_corrections',
  labelColumn: 'correction_date',
};

const field = fieldBuilders('finance:fields');

export const cardCorrectionsResource = defineResource({
  id: 'finance.card_corrections',
  service: 'finance',
  path: 'card-corrections',
  table: 'finance.card_corrections',
  titleKey: 'finance:nav.cardCorrections',
  recordKey: 'finance:records.cardCorrection',
  access: { read: 'FW', write: 'FW' },
  fields: [
    field.reference('wallet_id', referenceTo(walletsResource), { labelKey: 'finance:fields.wallet', required: true }),
    field.date('correction_date', { required: true }),
    // The bank statement's balance at the end of the day, in the wallet's currency.
    field.money('statement_balance', { ...FINANCE_MONEY, required: true }),
    // The wallet's balance from its transactions up to the day, kept by the server while open.
    field.money('book_balance', { ...FINANCE_MONEY, readOnly: true }),
    // Statement minus books: what the adjusting transaction books.
    field.money('difference', { ...FINANCE_MONEY, readOnly: true }),
    field.longText('reason', { required: true }),
    field.enum('status', CORRECTION_STATUSES, {
      labelKey: 'finance:fields.correctionStatus',
      tones: CORRECTION_STATUS_TONES,
      default: 'open',
      readOnly: true,
    }),
    field.reference('approved_by', USERS_REFERENCE, { readOnly: true, filter: ['eq'], list: false, related: false }),
    field.dateTime('approved_at', { readOnly: true, list: false }),
    field.reference('transaction_id', referenceTo(transactionsResource), {
      labelKey: 'finance:fields.adjustingTransaction',
      readOnly: true,
      filter: false,
    }),
    field.reference('reverses_id', cardCorrectionsTarget, {
      labelKey: 'finance:fields.reverses',
      readOnly: true,
      filter: ['eq'],
      list: false,
      related: false,
    }),
    field.longText('comment', { list: false }),
  ],
  labelField: 'correction_date',
  // "RUB card · 11/19/26": which card the statement was of, before its date.
  titleFields: ['wallet_id', 'correction_date'],
  defaultSort: { field: 'correction_date', direction: 'desc' },
  rowActions: [
    // A zero difference is approved too: it closes the correction without a transaction.
    {
      name: 'approve',
      labelKey: 'finance:cardCorrections.approve',
      requires: { allOf: ['FW', 'FT'] },
      endpoint: 'approve',
      when: { field: 'status', values: ['open'] },
    },
    {
      name: 'reverse',
      labelKey: 'finance:cardCorrections.reverse',
      requires: { allOf: ['FW', 'FT'] },
      endpoint: 'reverse',
      when: { field: 'status', values: ['approved'] },
    },
  ],
});

/** `GET card-corrections/summary` (FW): one row per live card wallet or wallet with corrections. */
export interface CardWalletSummary {
  readonly wallet_id: number;
  readonly wallet_name: string;
  /** The wallet's balance from all its transactions now. */
  readonly book_balance: Money;
  /** The latest statement recorded (approved or open, reversals and reversed ones left out). */
  readonly latest_statement: { readonly date: string; readonly balance: Money } | null;
  /** Σ difference of the corrections not yet approved, and how many they are. */
  readonly open_difference: Money;
  readonly open_count: number;
}

/** The hash of an adjusting transaction: how the list links a correction to its transaction. */
export const adjustingTransactionHash = (correctionId: number): string => `card-correction-${correctionId}`;

import {
  defineResource,
  referenceTo,
  USERS_REFERENCE,
  type Money,
  type ReferenceTarget,
  type StatusTone,
} from '@core/sdk/shared';
import { FINANCE_CURRENCIES } from './currencies';
import { transactionsResource, walletsResource } from './resources';

/**
 * Card corrections (issue 20): the difference between a card wallet's bank statement and the
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

const RANGE_OPS = ['gte', 'lte', 'eq'] as const;
const money = (name: string, labelKey: string, extra: { readonly required?: boolean; readonly readOnly?: boolean }) =>
  ({
    kind: 'money',
    name,
    labelKey,
    scale: 8,
    currencies: FINANCE_CURRENCIES,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as const;

export const cardCorrectionsResource = defineResource({
  id: 'finance.card_corrections',
  service: 'finance',
  path: 'card-corrections',
  table: 'finance.card_corrections',
  titleKey: 'finance:nav.cardCorrections',
  recordKey: 'finance:records.cardCorrection',
  access: { read: 'FW', write: 'FW' },
  fields: [
    {
      kind: 'reference',
      name: 'wallet_id',
      labelKey: 'finance:fields.wallet',
      target: referenceTo(walletsResource),
      required: true,
      filter: ['eq', 'in'],
    },
    {
      kind: 'date',
      name: 'correction_date',
      labelKey: 'finance:fields.correctionDate',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    // The bank statement's balance at the end of the day, in the wallet's currency.
    money('statement_balance', 'finance:fields.statementBalance', { required: true }),
    // The wallet's balance from its transactions up to the day, kept by the server while open.
    money('book_balance', 'finance:fields.bookBalance', { readOnly: true }),
    // Statement minus books: what the adjusting transaction books.
    money('difference', 'finance:fields.difference', { readOnly: true }),
    { kind: 'longText', name: 'reason', labelKey: 'finance:fields.reason', required: true, maxLength: 2000 },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'finance:fields.correctionStatus',
      values: CORRECTION_STATUSES,
      tones: CORRECTION_STATUS_TONES,
      default: 'open',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      kind: 'reference',
      name: 'approved_by',
      labelKey: 'finance:fields.approvedBy',
      target: USERS_REFERENCE,
      readOnly: true,
      filter: ['eq'],
      list: false,
      related: false,
    },
    {
      kind: 'datetime',
      name: 'approved_at',
      labelKey: 'finance:fields.approvedAt',
      readOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
      list: false,
    },
    {
      kind: 'reference',
      name: 'transaction_id',
      labelKey: 'finance:fields.adjustingTransaction',
      target: referenceTo(transactionsResource),
      readOnly: true,
    },
    {
      kind: 'reference',
      name: 'reverses_id',
      labelKey: 'finance:fields.reverses',
      target: cardCorrectionsTarget,
      readOnly: true,
      filter: ['eq'],
      list: false,
      related: false,
    },
    { kind: 'longText', name: 'comment', labelKey: 'finance:fields.comment', maxLength: 2000, list: false },
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

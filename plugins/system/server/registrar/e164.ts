/**
 * An E.164 number as registrars write it, `+<country code>.<number>` (Namecheap, and EPP's
 * `<contact:voice>`). Country calling codes are prefix-free: 1 and 7 are one digit, the two-digit
 * ones are listed below (ITU-T E.164 assigned codes), every other is three digits.
 */
const TWO_DIGIT_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

export function registrarPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const length = digits.startsWith('1') || digits.startsWith('7') ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  return `+${digits.slice(0, length)}.${digits.slice(length)}`;
}

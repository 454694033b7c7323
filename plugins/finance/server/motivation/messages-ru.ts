import type { RussianMessages } from '@core/sdk/server';
import { MOTIVATION_MESSAGES as M } from './messages';

/** Motivation's refusals in Russian, spread into FINANCE_MESSAGES_RU. */
export const MOTIVATION_MESSAGES_RU: RussianMessages = {
  [M.approvedSheet]: 'Мотивация за этот месяц утверждена: её нельзя изменить, пересчитать или удалить.',
  [M.approvedLines]: 'Мотивация за этот месяц утверждена: её строки нельзя изменить, пересчитать или удалить.',
  [M.alreadyApproved]: 'Мотивация за этот месяц уже утверждена.',
  [M.payrollDraftIsFinal]: 'Этот черновик выплачивает утверждённую мотивацию: его можно провести, но не изменить.',
  [M.notComputed]: 'Сначала рассчитайте месяц, потом утверждайте.',
  [M.linesAreComputed]: 'Строки мотивации создаются расчётом листа месяца.',
  [M.lineStaysPut]: 'Строка остаётся в своём листе и за своим сотрудником.',
  [M.monthStays]: 'Месяц листа не меняется: подготовьте лист для другого месяца.',
  [M.commentRequired]: 'Укажите, почему строка скорректирована.',
  [M.belowZero]: 'Корректировка не может сделать итог меньше 0.',
};

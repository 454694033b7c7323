import type { RussianMessages } from '@core/sdk/server';
import { PAY_MODEL_MESSAGES as M } from './pay-model-messages';

/** The calculation models' refusals in Russian. */
export const PAY_MODELS_MESSAGES_RU: RussianMessages = {
  [M.validToBeforeFrom]: 'Конец срока действия не может быть раньше его начала.',
  [M.assignmentOutside]: 'Назначение этой модели ({from} — {until}) оказалось бы вне срока действия.',
  [M.noMeasureForSalary]: 'Оклад не зависит от показателя.',
  [M.chooseMeasure]: 'Выберите показатель.',
  [M.moneyMeasureOnly]: 'Процент и шкала берут прибыль, выручку или расходы.',
  [M.countMeasureOnly]: 'Ставка за единицу берёт лиды или продажи.',
  [M.chooseSource]: 'Выберите источник.',
  [M.salaryFromHistory]: 'Оклад берётся из истории окладов: оставьте источник «финансы».',
  [M.countsFromTracker]: 'Лиды и продажи есть только в трекере.',
  [M.chooseScope]: 'Выберите охват.',
  [M.salaryHasNoScope]: 'Оклад ничем не измеряется: оставьте охват «всё агентство».',
  [M.trackerHasNoScope]:
    'В отчёте трекера нет проектов, вертикалей и подразделений: его показатели берутся по всему агентству.',
  [M.chooseScopeRecord]: 'Выберите запись, которую называет охват.',
  [M.notThisScope]: 'Оставьте пустым: охват этого не называет.',
  [M.enterRate]: 'Укажите ставку.',
  [M.percentAtMost100]: 'Процент не может быть больше 100.',
  [M.noRate]: 'У правила этого вида нет ставки.',
  [M.enterTiers]: 'Заполните шкалу.',
  [M.noTiers]: 'У правила этого вида нет шкалы.',
  [M.tiersNeedZero]: 'В шкале нужен порог 0.',
  [M.badThreshold]: 'Порог {key} должен быть суммой в долларах США без лишних знаков, например 5000 или 5000.5.',
  [M.badTierPercent]: 'Процент порога {key} должен быть числом от 0 до 100 без лишних знаков, например 10 или 12.5.',
  [M.overlapsAssignment]: 'Этот период пересекается с назначением с {from} по {until}.',
  [M.beforeModel]: 'Модель действует с {from}: назначение не может начаться раньше.',
  [M.afterModel]: 'Модель действует до {until}: назначение должно закончиться не позже.',
  [M.modelGone]: 'Выбранная модель не найдена.',
  [M.modelInactive]: 'Эта модель не активна: выберите активную.',
};

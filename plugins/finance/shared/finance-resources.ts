import type { ResourceDefinition } from '@core/sdk/shared';
import { cardCorrectionsResource } from './card-corrections';
import { MOTIVATION_RESOURCES } from './motivation';
import { PAY_MODEL_RESOURCES } from './pay-models';
import { BOOKKEEPING_RESOURCES } from './resources';

/**
 * Every finance resource the engine mounts, in the order their tables are created: bookkeeping
 * first, then the areas built on it (each area's definitions live in its own module).
 */
export const FINANCE_RESOURCES: readonly ResourceDefinition[] = [
  ...BOOKKEEPING_RESOURCES,
  cardCorrectionsResource,
  ...PAY_MODEL_RESOURCES,
  ...MOTIVATION_RESOURCES,
];

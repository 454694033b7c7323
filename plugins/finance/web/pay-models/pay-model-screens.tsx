import { resourceRoute, type RouteContribution } from '@core/sdk/web';
import {
  calculationModelRulesResource,
  calculationModelsResource,
  employeeModelsResource,
} from '../../shared/pay-models';
import { ModelNameCell } from './ModelNameCell';
import { PayPreviewDialog } from './PayPreviewDialog';
import { RuleSummaryCell } from './RuleSummaryCell';

/**
 * The calculation models' three screens (FE), drawn by the resource engine: models (each name
 * links to its rules and assignments), rules (each described in words), and assignments (each
 * with a preview of this month's pay).
 */
export const PAY_MODEL_SCREENS: readonly RouteContribution[] = [
  resourceRoute(calculationModelsResource, { cells: { name: ModelNameCell } }),
  resourceRoute(calculationModelRulesResource, { cells: { kind: RuleSummaryCell }, columnWidths: { kind: 460 } }),
  resourceRoute(employeeModelsResource, {
    rowActions: [
      {
        name: 'preview',
        labelKey: 'finance:payModels.preview',
        requires: 'FE',
        run: (record, { showDialog }) =>
          showDialog((close) => <PayPreviewDialog assignment={record} onClose={close} />),
      },
    ],
  }),
];

/** Motivation's refusals (English; messages-ru.ts gives each its Russian). */
export const MOTIVATION_MESSAGES = {
  approvedSheet: "This month's motivation is approved: it cannot be changed, recomputed or deleted.",
  approvedLines: "This month's motivation is approved: its lines cannot be changed, recomputed or deleted.",
  alreadyApproved: "This month's motivation has already been approved.",
  notComputed: 'Compute the month before approving it.',
  linesAreComputed: "Motivation lines are made by computing the month's sheet.",
  lineStaysPut: 'A line stays with its sheet and employee.',
  monthStays: 'A sheet keeps its month: prepare a sheet for the other month instead.',
  commentRequired: 'Say why the line is corrected.',
  belowZero: 'The correction cannot take the total below 0.',
  payrollDraftIsFinal: "This draft pays an approved month's motivation: it can be converted, not changed.",
} as const;

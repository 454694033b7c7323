/** Every transfer route's access: SM, manual transfer. */
export const TRANSFER_ACCESS = { requires: 'SM' } as const;

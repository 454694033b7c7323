/** Every transfer route's access: spec §6 SM, manual transfer. */
export const TRANSFER_ACCESS = { requires: 'SM' } as const;

/**
 * Why a proxy check failed, in words stored on the proxy (check_error) and shown in its job: the
 * step that failed and the proxy's or the network's reason, never an address with credentials.
 */
export class ProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeError';
  }
}

import type { Socket } from 'node:net';

/*
 * Exact reads from a socket in paused mode, for the handshakes of proxy protocols: `bytes(n)`
 * waits for n bytes. `release()` leaves whatever came after the handshake in the socket's buffer
 * and the socket neither flowing nor paused, so the next reader (HTTP, TLS) gets every byte.
 */
export class SocketReader {
  private pending: { size: number; resolve: (chunk: Buffer) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  private readonly onReadable = (): void => this.fill();
  private readonly onEnd = (): void => this.fail(new Error('closed'));
  private readonly onError = (error: Error): void => this.fail(error);

  constructor(private readonly socket: Socket) {
    socket.on('readable', this.onReadable);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  bytes(size: number): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { size, resolve, reject };
      this.fill();
    });
  }

  release(): void {
    this.socket.off('readable', this.onReadable);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
  }

  private fill(): void {
    if (!this.pending) return;
    const chunk = this.socket.read(this.pending.size) as Buffer | null;
    if (chunk === null) return;
    const { resolve } = this.pending;
    this.pending = null;
    resolve(chunk);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(this.failure);
  }
}

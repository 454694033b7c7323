import { action, makeObservable, observableRef } from 'mobx';

/**
 * Which job panel a list screen shows, if any. A row action (plain code outside React) opens one
 * and the screen's toolbar, mounted with the list, draws it; one instance per screen kind, bound
 * in the kernel by the plugin's module.
 */
export class JobPanelRequest<Request> {
  current: Request | null = null;

  constructor() {
    makeObservable(this, { current: observableRef, open: action, close: action });
  }

  open(request: Request): void {
    this.current = request;
  }

  close(): void {
    this.current = null;
  }
}

import { useEffect } from 'react';
import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { useInjection } from '../react/container-context';

/**
 * What the document title takes from the shown page besides its route: a title the page gives
 * itself from its data (a record page: the record's label), shown instead of the route's; and the
 * screen's name with its area ("Finance › Positions") where its name alone is ambiguous.
 */
@injectable()
export class PageTitle {
  /** The shown page's own title, or null to use the route's. */
  current: string | null = null;
  /** The shown screen named with its area, or null when its name is unambiguous. */
  withArea: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  set(title: string | null): void {
    this.current = title;
  }

  setWithArea(title: string | null): void {
    this.withArea = title;
  }
}

/** Makes `title` the document's title while the calling page is shown (null: the route's title). */
export function usePageTitle(title: string | null): void {
  const pageTitle = useInjection(PageTitle);
  useEffect(() => {
    pageTitle.set(title);
    return () => pageTitle.set(null);
  }, [pageTitle, title]);
}

import { useEffect } from 'react';
import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { useInjection } from '../react/container-context';

/**
 * A title a page gives itself from its data (a record page: the record's label), which the document
 * title shows instead of the route's own while that page is shown.
 */
@injectable()
export class PageTitle {
  /** The shown page's own title, or null to use the route's. */
  current: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  set(title: string | null): void {
    this.current = title;
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

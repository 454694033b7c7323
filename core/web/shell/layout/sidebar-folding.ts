import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuGroup } from '@core/shared/manifest';
import type { SidebarGroup } from '../../plugins/navigation';
import { BrowserStorage } from '../../kernel/environment';
import { useInjection } from '../../react/container-context';
import { SessionStore } from '../../services/session-store';
import { groupOfPath } from './navigation-model';
import { useOnNavigation } from './on-navigation';

/** Where the groups a user folded are kept: per user, so a shared browser keeps each person's sidebar. */
export function foldedGroupsKey(userId: number): string {
  return `sidebarFoldedGroups.${userId}`;
}

/** The groups `userId` folded; nothing (every group open) when none are stored or the entry is unreadable. */
export function readFoldedGroups(storage: Pick<Storage, 'getItem'>, userId: number): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(foldedGroupsKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((group): group is string => typeof group === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeFoldedGroups(
  storage: Pick<Storage, 'setItem'>,
  userId: number,
  folded: ReadonlySet<string>,
): void {
  storage.setItem(foldedGroupsKey(userId), JSON.stringify([...folded]));
}

export interface GroupFolding {
  isOpen(group: MenuGroup): boolean;
  toggle(group: MenuGroup): void;
}

/**
 * Which sidebar groups are open: the user's remembered choice, except that the open screen's group
 * is unfolded on every arrival, so the marked entry is never hidden. Folding that group while on
 * the screen is honoured until the next navigation.
 */
export function useGroupFolding(groups: readonly SidebarGroup[]): GroupFolding {
  const storage = useInjection(BrowserStorage);
  const userId = useInjection(SessionStore).user?.id ?? 0;
  const { pathname } = useLocation();
  const current = groupOfPath(groups, pathname);
  const [folded, setFolded] = useState(() => readFoldedGroups(storage, userId));
  const [currentFolded, setCurrentFolded] = useState(false);

  useEffect(() => setFolded(readFoldedGroups(storage, userId)), [storage, userId]);
  // Each arrival unfolds the current group.
  useOnNavigation(pathname, () => setCurrentFolded(false));

  const isOpen = (group: MenuGroup) => (group === current ? !currentFolded : !folded.has(group));
  const toggle = useCallback(
    (group: MenuGroup) => {
      const fold = group === current ? !currentFolded : !folded.has(group);
      const next = new Set(folded);
      if (fold) next.add(group);
      else next.delete(group);
      setFolded(next);
      if (group === current) setCurrentFolded(fold);
      writeFoldedGroups(storage, userId, next);
    },
    [current, currentFolded, folded, storage, userId],
  );
  return { isOpen, toggle };
}

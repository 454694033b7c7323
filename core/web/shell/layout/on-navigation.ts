import { useState } from 'react';

/**
 * Calls `onNavigate` in the render that first sees a new `pathname`, for state a navigation resets
 * (the overlay sidebar closes, the open group unfolds): React's way to adjust state when an input
 * changes, in that render, where an effect would draw the old state once more and then redraw.
 */
export function useOnNavigation(pathname: string, onNavigate: () => void): void {
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    setSeen(pathname);
    onNavigate();
  }
}

import { useEffect, useState } from 'react';

/**
 * Whether an element has come near the viewport (once true, it stays): a record page draws its
 * related sections, and asks for their rows, only when they are about to be seen. A browser
 * without IntersectionObserver draws them at once.
 */
export function useInView<T extends Element>(margin = '200px'): readonly [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, margin]);
  return [setNode, seen];
}

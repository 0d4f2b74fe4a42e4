import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table's horizontal scroller. While its table is wider than the column it is a named region
 * that Tab reaches, so the arrow keys scroll it (WCAG 2.1.1; axe-core's scrollable-region-focusable);
 * a table that fits adds no stop to the Tab order.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="table-scroll" {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      {children}
    </div>
  );
}

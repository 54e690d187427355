import { lazy, Suspense, useState, type ComponentType } from 'react';

interface OpenableProps {
  open: boolean;
}

/**
 * A dialog whose code is downloaded when it first opens instead of with the
 * page: forms, Radix Dialog and react-hook-form are not needed to show a list,
 * and leaving them out keeps each page's first-load JavaScript within its
 * budget (docs/performance.md). Once opened it stays mounted, so closing
 * animates as before and opening again is instant.
 */
export function lazyDialog<P extends OpenableProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Adjusting state while rendering (React's pattern for "remember a prop"):
    // no extra commit with the dialog missing.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

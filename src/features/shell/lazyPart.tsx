// Parts of the page most visits never show (the review step, the Left-alone and Hidden-items lists, the read-only
// check) load in their own chunks the first time they have something to show, not with the page: the first
// screen's JavaScript stays within its budget (docs/ARCHITECTURE.md, "Initial bundle").
import { type ComponentType, lazy, Suspense } from 'react';

/** A component whose code `load` fetches on its first render; nothing is shown until it has arrived. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * A lazily loaded component that renders without suspending once its module is loaded. React.lazy
 * suspends on its first render even when the module came in long before, and React then holds
 * the content back for its Suspense throttle (about 300 ms after the fallback showed): on a cold
 * start of an /app address that throttle, once per nested boundary, was most of the time to the
 * first painted page. main.tsx loads the current route's modules before the first render.
 */
import { lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module (once); afterwards Component renders it directly. */
  load(): Promise<void>;
}

export function preloadable<P extends object>(importer: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () => {
    loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a later render tries again (and the route's error screen shows this one)
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Component(props: P) {
    const Loaded = (loaded ?? Lazy) as ComponentType<P>;
    return <Loaded {...props} />;
  }
  return { Component, load: () => load().then(() => undefined) };
}

import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded component whose code can be asked for ahead of time. Once loaded it is drawn in
 * the same pass as its parent: React.lazy only suspends when its loader's answer is still pending,
 * and a loaded module is handed back at once rather than through another promise (which would cost
 * a fallback and a second render).
 */
export function lazyPreloaded<Props>(load: () => Promise<{ default: ComponentType<Props> }>): {
  Component: LazyExoticComponent<ComponentType<Props>>;
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
} {
  let loaded: { default: ComponentType<Props> } | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed load (a new deployment, a network glitch) is tried again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // A thenable that answers synchronously: React reads it before deciding to suspend.
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
  });
  return { Component, preload, isLoaded: () => loaded !== undefined };
}

/**
 * Whether a part's code is in, loading it once it is `wanted`. The part is then drawn without
 * suspending: a suspended part shows its fallback, and React holds what follows back for the
 * fallback's minimum showing time. A failed load is thrown to the page's error boundary.
 */
export function useLoadedCode(part: { preload: () => Promise<unknown>; isLoaded: () => boolean }, wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(part.isLoaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    part.preload().then(
      () => current && setLoaded(true),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [part, wanted, loaded]);
  if (failure) throw failure.error;
  return loaded;
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded component whose code can be asked for ahead of time. Once loaded it is drawn in
 * the same pass as its parent: React.lazy only suspends when its loader's answer is still pending,
 * and a loaded module is handed back at once rather than through another promise (which would cost
 * a fallback and a second render).
 */
export function lazyPreloaded<Props>(load: () => Promise<{ default: ComponentType<Props> }>): {
  Component: LazyExoticComponent<ComponentType<Props>>;
  preload: () => Promise<unknown>;
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
  return { Component, preload };
}

import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { lazyPreloaded, useLoadedCode } from './lazyPreloaded';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Part({ part, wanted }: { part: ReturnType<typeof lazyPreloaded<object>>; wanted: boolean }) {
  const loaded = useLoadedCode(part, wanted);
  const { Component: Loaded } = part;
  return loaded ? <Loaded /> : <p>waiting</p>;
}

class Caught extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

it('loads a part only once it is wanted, then draws it without a loading fallback', async () => {
  const module = deferred<{ default: () => ReactNode }>();
  let asked = 0;
  const part = lazyPreloaded<object>(() => (asked++, module.promise));
  const { rerender } = render(<Part part={part} wanted={false} />);
  expect(asked).toBe(0);
  rerender(<Part part={part} wanted />);
  expect(asked).toBe(1);
  expect(screen.getByText('waiting')).toBeTruthy();
  module.resolve({ default: () => <p>the lists</p> });
  expect(await screen.findByText('the lists')).toBeTruthy();
  expect(part.isLoaded()).toBe(true);
});

it('hands a failed load to the error boundary', async () => {
  // React reports the caught error on the console; the boundary's text is what is checked.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  const module = deferred<{ default: () => ReactNode }>();
  const part = lazyPreloaded<object>(() => module.promise);
  render(
    <Caught>
      <Part part={part} wanted />
    </Caught>,
  );
  module.reject(new Error('chunk gone'));
  expect(await screen.findByText('failed: chunk gone')).toBeTruthy();
  quiet.mockRestore();
});

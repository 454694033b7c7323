import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, useState, type ReactNode } from 'react';
import { Container, type ServiceIdentifier } from 'inversify';
import { ContainerProvider, useContainer, useInjection, useMultiInjection } from '@core/web/react/container-context';
import { click, query } from '../../../support/web/dom';
import { mount } from '../../../support/web/test-kernel';

class Counter {
  count = 0;
}

interface Greeting {
  readonly text: string;
}
const GreetingToken: ServiceIdentifier<Greeting> = Symbol('Greeting');
const UnboundToken: ServiceIdentifier<Greeting> = Symbol('Unbound');

function singletonContainer(): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(Counter).toSelf();
  return container;
}

/** Records what the hooks returned on each render; the button forces a re-render. */
function Probe<T>({ read, seen }: { read: () => T; seen: T[] }) {
  const value = read();
  const [, setTick] = useState(0);
  seen.push(value);
  return <button onClick={() => setTick((tick) => tick + 1)}>render again</button>;
}

/** Shows the error a child throws while rendering. */
class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override render(): ReactNode {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

beforeEach(() => {
  // React reports errors caught by a boundary on the console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useInjection', () => {
  it('returns the bound singleton, the same on every render', async () => {
    const container = singletonContainer();
    const seen: Counter[] = [];
    const view = await mount(
      <ContainerProvider container={container}>
        <Probe read={() => useInjection(Counter)} seen={seen} />
      </ContainerProvider>,
    );
    await click(query(view.element, 'button'));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const value of seen) expect(value).toBe(container.get(Counter));
  });

  it('keeps the instance it first got for the life of the component', async () => {
    const container = new Container();
    container.bind(Counter).toSelf().inTransientScope();
    const seen: Counter[] = [];
    const view = await mount(
      <ContainerProvider container={container}>
        <Probe read={() => useInjection(Counter)} seen={seen} />
      </ContainerProvider>,
    );
    await click(query(view.element, 'button'));
    await click(query(view.element, 'button'));
    expect(new Set(seen).size).toBe(1);
    expect(container.get(Counter)).not.toBe(seen[0]);
  });

  it('resolves from the container of the nearest provider', async () => {
    const outer = new Container();
    const inner = new Container();
    outer.bind(GreetingToken).toConstantValue({ text: 'outer' });
    inner.bind(GreetingToken).toConstantValue({ text: 'inner' });
    const seen: Greeting[] = [];
    await mount(
      <ContainerProvider container={outer}>
        <ContainerProvider container={inner}>
          <Probe read={() => useInjection(GreetingToken)} seen={seen} />
        </ContainerProvider>
      </ContainerProvider>,
    );
    expect(seen.map((greeting) => greeting.text)).toEqual(['inner']);
  });

  it('useContainer gives the provided container', async () => {
    const container = new Container();
    const seen: Container[] = [];
    await mount(
      <ContainerProvider container={container}>
        <Probe read={() => useContainer()} seen={seen} />
      </ContainerProvider>,
    );
    expect(seen[0]).toBe(container);
  });
});

describe('useMultiInjection', () => {
  it('returns every binding, in binding order', async () => {
    const container = new Container();
    container.bind(GreetingToken).toConstantValue({ text: 'one' });
    container.bind(GreetingToken).toConstantValue({ text: 'two' });
    container.bind(GreetingToken).toConstantValue({ text: 'three' });
    const seen: Greeting[][] = [];
    await mount(
      <ContainerProvider container={container}>
        <Probe read={() => useMultiInjection(GreetingToken)} seen={seen} />
      </ContainerProvider>,
    );
    expect(seen[0]?.map((greeting) => greeting.text)).toEqual(['one', 'two', 'three']);
  });

  it('returns an empty list when nothing is bound', async () => {
    const seen: Greeting[][] = [];
    await mount(
      <ContainerProvider container={new Container()}>
        <Probe read={() => useMultiInjection(UnboundToken)} seen={seen} />
      </ContainerProvider>,
    );
    expect(seen).toEqual([[]]);
  });

  it('sees bindings added later once the component renders again', async () => {
    const container = new Container();
    container.bind(GreetingToken).toConstantValue({ text: 'core' });
    const seen: Greeting[][] = [];
    const view = await mount(
      <ContainerProvider container={container}>
        <Probe read={() => useMultiInjection(GreetingToken)} seen={seen} />
      </ContainerProvider>,
    );
    container.bind(GreetingToken).toConstantValue({ text: 'plugin' });
    await click(query(view.element, 'button'));
    expect(seen.at(-1)?.map((greeting) => greeting.text)).toEqual(['core', 'plugin']);
  });
});

describe('outside a ContainerProvider', () => {
  const MESSAGE = 'useContainer needs a <ContainerProvider> above it';

  it.each<[string, () => unknown]>([
    ['useInjection', () => useInjection(Counter)],
    ['useMultiInjection', () => useMultiInjection(GreetingToken)],
    ['useContainer', () => useContainer()],
  ])('%s throws a clear error', async (_, read) => {
    const view = await mount(
      <Catch>
        <Probe read={read} seen={[]} />
      </Catch>,
    );
    expect(view.element.querySelector('[role="alert"]')?.textContent).toBe(MESSAGE);
  });
});

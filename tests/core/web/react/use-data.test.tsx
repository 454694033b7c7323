import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { DataView } from '@core/web/react/DataView';
import { useData } from '@core/web/react/use-data';
import { click, query } from '../../../support/web/dom';
import { createTestKernel, renderInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';

/** A load the test answers by hand, one call at a time. */
class Answers<T> {
  readonly calls: {
    key: string;
    signal: AbortSignal;
    resolve: (value: T) => void;
    reject: (error: unknown) => void;
  }[] = [];

  load = (key: string, signal: AbortSignal): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      this.calls.push({ key, signal, resolve, reject });
    });
}

function Probe({ answers }: { answers: Answers<readonly string[]> }) {
  const [key, setKey] = useState('a');
  const data = useData((signal) => answers.load(key, signal), [answers, key]);
  return (
    <div>
      <button type="button" onClick={() => setKey('b')}>
        other
      </button>
      <button type="button" onClick={() => void data.reload()}>
        reload
      </button>
      <DataView
        data={data}
        isEmpty={(items) => items.length === 0}
        errorText={(error) => (error instanceof Error ? error.message : null)}
      >
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </DataView>
    </div>
  );
}

async function render(answers: Answers<readonly string[]>) {
  const kernel = await createTestKernel({ user: testUser([]) });
  return renderInKernel(kernel, <Probe answers={answers} />);
}

const button = (scope: ParentNode, name: string): HTMLButtonElement => {
  const found = [...scope.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};

describe('useData and DataView', () => {
  it('show loading, then the data', async () => {
    const answers = new Answers<readonly string[]>();
    const view = await render(answers);
    expect(view.element.textContent).toContain('Loading');
    answers.calls[0]?.resolve(['one', 'two']);
    await waitInAct(() =>
      expect([...view.element.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['one', 'two']),
    );
  });

  it('show the error with Try again, which reads again', async () => {
    const answers = new Answers<readonly string[]>();
    const view = await render(answers);
    answers.calls[0]?.reject(new Error('The server is down.'));
    await waitInAct(() => expect(query(view.element, '.fui-MessageBar').textContent).toContain('The server is down.'));
    await click(button(view.element, 'Try again'));
    expect(answers.calls).toHaveLength(2);
    expect(view.element.textContent).toContain('Loading');
    answers.calls[1]?.resolve(['back']);
    await waitInAct(() => expect(view.element.querySelector('li')?.textContent).toBe('back'));
  });

  it('show the empty notice for empty data', async () => {
    const answers = new Answers<readonly string[]>();
    const view = await render(answers);
    answers.calls[0]?.resolve([]);
    await waitInAct(() => expect(view.element.textContent).toContain('Nothing here yet.'));
  });

  it('read again when the deps change, dropping the answer a newer read overtook', async () => {
    const answers = new Answers<readonly string[]>();
    const view = await render(answers);
    await click(button(view.element, 'other'));
    expect(answers.calls.map((call) => call.key)).toEqual(['a', 'b']);
    expect(answers.calls[0]?.signal.aborted).toBe(true);
    answers.calls[1]?.resolve(['from b']);
    answers.calls[0]?.resolve(['from a']);
    await waitInAct(() => expect(view.element.querySelector('li')?.textContent).toBe('from b'));
  });

  it('reload keeps the data on screen until the new answer', async () => {
    const answers = new Answers<readonly string[]>();
    const view = await render(answers);
    answers.calls[0]?.resolve(['old']);
    await waitInAct(() => expect(view.element.querySelector('li')?.textContent).toBe('old'));
    await click(button(view.element, 'reload'));
    expect(view.element.querySelector('li')?.textContent).toBe('old');
    answers.calls[1]?.resolve(['new']);
    await waitInAct(() => expect(view.element.querySelector('li')?.textContent).toBe('new'));
  });
});

import { describe, expect, it } from 'vitest';
import { appRoutes } from '@core/web/shell/create-app-router';
import {
  createTestKernel,
  renderRoutesInKernel,
  testUser,
  waitInAct,
  type TestKernelOptions,
} from '../../../support/web/test-kernel';

async function openPage(path: string, options: TestKernelOptions = {}) {
  const kernel = await createTestKernel({ user: testUser(), ...options });
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path });
  return view;
}

describe.each([
  {
    path: '/dashboards/messaging',
    title: 'Messaging dashboard',
    lead: 'The messaging dashboard is on its way',
    text: 'Figures about the messenger bots and their conversations will be shown here.',
    ru: { title: 'Панель сообщений', lead: 'Панель сообщений скоро появится' },
  },
  {
    path: '/settings',
    title: 'Settings',
    lead: 'Nothing to set yet',
    text: 'Your personal settings for the back office will be gathered here.',
    ru: { title: 'Настройки', lead: 'Настраивать пока нечего' },
  },
])('the placeholder page $path', ({ path, title, lead, text, ru }) => {
  it('says what it is, inside the shell, and titles the document', async () => {
    const view = await openPage(path);
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe(title));
    expect(view.path()).toBe(path);
    expect(view.element.textContent).toContain(lead);
    expect(view.element.textContent).toContain(text);
    // The shell's layout is around it: the top bar and the main area.
    expect(view.element.querySelector('header')).not.toBeNull();
    expect(view.element.querySelector('main h1')).not.toBeNull();
    expect(document.title).toBe(`${title} · Back Office`);
  });

  it('speaks Russian when the language is Russian', async () => {
    const view = await openPage(path, { language: 'ru' });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe(ru.title));
    expect(view.element.textContent).toContain(ru.lead);
    expect(document.title).toBe(`${ru.title} · Back Office`);
  });
});

import { expect, it } from 'vitest';
import { renderPluginPage, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { bot, botsService, messenger, openBots } from './messenger-server';

setupPopupTests({ quiet: true });

it('shows the bots to a user with MB under the page title', async () => {
  const { view } = await openBots(botsService(() => [bot(1, { name: 'Orders' })]));
  expect(view.element.querySelector('main h1')?.textContent).toBe('Bots');
  expect(view.element.querySelector('tbody')?.textContent).toContain('Orders');
});

it('shows "No access" without MB and never asks the messenger service', async () => {
  const api = botsService(() => [bot(1)]);
  const { view } = await renderPluginPage({ plugins: [messenger], path: '/tg-bots', codes: [], api });
  await waitInAct(() => expect(view.element.textContent).toContain('No access'));
  expect(api.calls()).toEqual([]);
});

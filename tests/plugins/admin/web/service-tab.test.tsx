import { describe, expect, it } from 'vitest';
import type { ServiceLink } from '@plugins/admin/shared/services';
import { click, jsonResponse, query, renderAppInKernel, typeInto, waitInAct } from '@core/sdk/testing-web';
import { FakeAuthServer, USER_INFO, adminKernel, buttonNamed, itemNamed, setupAdminTests } from './admin-server';

setupAdminTests();

const AT = '2026-02-01T00:00:00.000Z';
const link = (
  id: number,
  service: string,
  source: ServiceLink['source'],
  sourceId: number,
  label: string,
  isDefault: boolean,
): ServiceLink => ({
  id,
  user_id: 5,
  service,
  source,
  source_id: sourceId,
  label,
  is_default: isDefault,
  created_at: AT,
});

function serviceServer(links: readonly ServiceLink[]): FakeAuthServer {
  return new FakeAuthServer()
    .on('GET', 'users/5/info', { data: USER_INFO })
    .on('GET', 'service-link/5', { data: links })
    .on('GET', 'references/services', {
      data: [
        { id: 'keitaro', label: 'Keitaro', kind: 'tracker' },
        { id: 'youtrack', label: 'YouTrack', kind: 'issueTracker' },
        { id: 'rdp', label: 'RDP', kind: 'rdp' },
      ],
    })
    .on('GET', 'you-track/groups', {
      data: [
        { id: '1', name: 'Developers' },
        { id: '2', name: 'Support' },
      ],
    })
    .on('GET', 'you-track/users/groups/5', { data: [{ id: '1', name: 'Developers' }] })
    .on('GET', 'tracker/users', {
      data: [
        {
          id: 30,
          user_id: 5,
          username: 'bob',
          service_name: 'keitaro',
          is_created_group: false,
          tracker_id: 1,
          tracker_name: 'alpha',
          external_id: 'k-1',
          created_at: AT,
        },
      ],
    })
    .on('GET', 'keitaro/servers', {
      data: {
        servers: [
          {
            id: 1,
            name: 'alpha',
            url: 'https://a',
            api_key: null,
            created_at: AT,
            updated_at: AT,
            active: null,
            on_hold: [],
            waiting: [],
          },
          {
            id: 2,
            name: 'beta',
            url: 'https://b',
            api_key: null,
            created_at: AT,
            updated_at: AT,
            active: null,
            on_hold: [],
            waiting: [],
          },
        ],
        free: [],
      },
    })
    .on('GET', 'rdps/server', {
      data: {
        data: [
          { id: 3, name: 'rdp-1' },
          { id: 4, name: 'rdp-2' },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: 2,
      },
    });
}

const LINKS = [
  link(1, 'keitaro', 'tracker_user', 30, 'alpha', true),
  link(2, 'keitaro', 'tracker_user', 31, 'beta', false),
  link(3, 'youtrack', 'you_track', 5, 'bob.login', true),
  link(4, 'rdp', 'rdp', 40, 'rdp-1', true),
];

async function openServices(server: FakeAuthServer, codes: readonly string[] = ['JU', 'VR']) {
  const kernel = await adminKernel(codes);
  const view = await renderAppInKernel(kernel, { path: '/user/5/service-tab' });
  await waitInAct(() => expect(view.element.querySelector('tr[data-link="1"]')).not.toBeNull(), { timeout: 10_000 });
  return { view, server };
}

/** The control a label names (Fluent fields and checkboxes tie them by id). */
function labelled(text: string): HTMLElement {
  const label = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === text);
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`nothing is labelled "${text}"`);
  return control;
}

async function confirm(question: string): Promise<void> {
  await waitInAct(() => expect(document.body.textContent).toContain(question));
  await click(buttonNamed('Yes'));
}

describe('Service tab', { timeout: 20_000 }, () => {
  it('marks the default link of each service and makes another one the default', async () => {
    const server = serviceServer(LINKS).on('PATCH', 'service-link/2', { data: { ...LINKS[1], is_default: true } });
    const { view } = await openServices(server);
    expect(query(view.element, 'tr[data-link="1"]').textContent).toContain('Default');
    await click(buttonNamed('Make default', query(view.element, 'tr[data-link="2"]')));
    await waitInAct(() => expect(server.requests('PATCH', 'service-link/2')[0]?.body).toEqual({ is_default: true }));
    await waitInAct(() => expect(server.requests('GET', 'service-link/5').length).toBeGreaterThanOrEqual(2));
  });

  it('creates a Keitaro account with the tracker user fields after its prompt, and deletes one after its prompt', async () => {
    const server = serviceServer(LINKS)
      .on('POST', 'tracker/users', () => jsonResponse(201, { data: {} }))
      .on('DELETE', 'tracker/users/30', { message: 'Successfully deleted' });
    const { view } = await openServices(server);
    await waitInAct(() => expect(view.element.querySelector('tr[data-tracker-user="30"]')).not.toBeNull());
    await click(labelled('Tracker'));
    await click(itemNamed('beta'));
    await click(labelled('Create a group'));
    await click(buttonNamed('Create Keitaro service'));
    await confirm('Are you sure you want to create the Keitaro service for this user?');
    await waitInAct(() => expect(server.requests('POST', 'tracker/users')).toHaveLength(1));
    expect(server.requests('POST', 'tracker/users')[0]?.body).toEqual({
      user_id: 5,
      service_name: 'keitaro',
      is_created_group: true,
      tracker_id: 2,
    });

    await click(buttonNamed('Delete the account on alpha'));
    await confirm('Are you sure you want to delete the Keitaro service of this user?');
    await waitInAct(() => expect(server.requests('DELETE', 'tracker/users/30')).toHaveLength(1));
  });

  it('creates the issue-tracker account after its prompt when there is none', async () => {
    const server = serviceServer(LINKS.filter((candidate) => candidate.source !== 'you_track')).on(
      'POST',
      'you-track/users/5',
      () => jsonResponse(201, { data: {} }),
    );
    const { view } = await openServices(server);
    await waitInAct(() => expect(view.element.textContent).toContain('The user has no issue-tracker account.'));
    await click(buttonNamed('Create issue-tracker service'));
    await confirm('Are you sure you want to create the issue-tracker service for this user?');
    await waitInAct(() => expect(server.requests('POST', 'you-track/users/5')).toHaveLength(1));
  });

  it('deletes the issue-tracker account, removes the user from a group and creates a group, each after its prompt', async () => {
    const server = serviceServer(LINKS)
      .on('DELETE', 'you-track/users/5', { message: 'Successfully deleted' })
      .on('DELETE', 'you-track/users/groups/5/1', { data: [] })
      .on('POST', 'you-track/groups', () => jsonResponse(201, { data: { id: '3', name: 'QA' } }))
      .on('POST', 'you-track/users/groups/5/2', () => jsonResponse(201, { data: [] }));
    const { view } = await openServices(server);
    await waitInAct(() => expect(view.element.textContent).toContain('Account: bob.login'));

    await click(buttonNamed('Remove the user from Developers'));
    await confirm('Are you sure you want to delete the user group Developers from this user?');
    await waitInAct(() => expect(server.requests('DELETE', 'you-track/users/groups/5/1')).toHaveLength(1));

    await typeInto(labelled('New group') as HTMLInputElement, 'QA');
    await click(buttonNamed('Create group'));
    await confirm('Are you sure you want to create the user group QA?');
    await waitInAct(() => expect(server.requests('POST', 'you-track/groups')[0]?.body).toEqual({ name: 'QA' }));

    await click(buttonNamed('Delete issue-tracker service'));
    await confirm('Are you sure you want to delete the issue-tracker service of this user?');
    await waitInAct(() => expect(server.requests('DELETE', 'you-track/users/5')).toHaveLength(1));
  });

  it('grants and revokes RDP access after the RDP prompts', async () => {
    const server = serviceServer(LINKS)
      .on('POST', 'rdps/4/users/5', () => jsonResponse(201, { data: {} }))
      .on('DELETE', 'rdps/40', { message: 'Successfully deleted' });
    const { view } = await openServices(server);
    await click(labelled('RDP server'));
    // Servers the user already reaches are not offered again.
    expect(() => itemNamed('rdp-1')).toThrow();
    await click(itemNamed('rdp-2'));
    await click(buttonNamed('Create RDP service'));
    await confirm('Are you sure you want to create the RDP service for this user?');
    await waitInAct(() => expect(server.requests('POST', 'rdps/4/users/5')).toHaveLength(1));

    await click(buttonNamed('Revoke access to rdp-1', view.element));
    await confirm('Are you sure you want to delete the RDP service of this user?');
    await waitInAct(() => expect(server.requests('DELETE', 'rdps/40')).toHaveLength(1));
  });

  it('gives a deleted user nothing new, but lets what they have be removed', async () => {
    const server = serviceServer(LINKS).on('GET', 'users/5/info', { data: { ...USER_INFO, deleted_at: AT } });
    const { view } = await openServices(server);
    await waitInAct(() => expect(view.element.textContent).toContain('This user is deleted'));
    expect(buttonNamed('Create Keitaro service').disabled).toBe(true);
    expect(buttonNamed('Create RDP service').disabled).toBe(true);
    expect(buttonNamed('Delete issue-tracker service').disabled).toBe(false);
    expect(buttonNamed('Revoke access to rdp-1').disabled).toBe(false);
  });

  it('says which parts need codes the user lacks', async () => {
    const server = serviceServer(LINKS)
      .on('GET', 'keitaro/servers', () => jsonResponse(403, { message: 'Forbidden' }))
      .on('GET', 'rdps/server', () => jsonResponse(403, { message: 'Forbidden' }));
    const { view } = await openServices(server, ['JU']);
    await waitInAct(() => expect(view.element.textContent).toContain('You do not have the code this part needs.'));
    expect(() => buttonNamed('Create RDP service')).toThrow();
  });
});

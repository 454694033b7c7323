import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER_FORM,
  userFormIssues,
  userPayload,
  type UserFormValues,
} from '@plugins/admin/web/users/user-form-model';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeAuthServer, ROLES, USER_INFO, adminKernel, itemNamed, page, setupAdminTests } from './admin-server';

setupAdminTests();

const FILLED: UserFormValues = {
  ...EMPTY_USER_FORM,
  username: ' carol ',
  email: 'carol@example.com',
  sub: 'car-01',
  roles: [2, 3],
  tg_user_id: '123456',
  tg_login: '  carol_tg ',
  password: 's3cret-pass',
  manager_id: 7,
};

describe('User form rules', () => {
  it('sends sub upper-case on create, with the password and the role ids', () => {
    expect(userPayload(FILLED, 'create')).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      sub: 'CAR-01',
      roles: [2, 3],
      tg_user_id: 123456,
      tg_login: 'carol_tg',
      password: 's3cret-pass',
      manager_id: 7,
    });
  });

  it('sends the password on update only when it is non-empty after trimming', () => {
    expect(userPayload({ ...FILLED, password: '' }, 'update')).not.toHaveProperty('password');
    expect(userPayload({ ...FILLED, password: '   ' }, 'update')).not.toHaveProperty('password');
    expect(userPayload({ ...FILLED, password: ' new pass ' }, 'update').password).toBe(' new pass ');
  });

  it('leaves sub as typed on update', () => {
    expect(userPayload(FILLED, 'update').sub).toBe('car-01');
  });

  it('sends blank texts as null and leaves roles alone when they cannot be listed', () => {
    const payload = userPayload({ ...FILLED, email: ' ', sub: '', tg_login: '' }, 'update', { rolesEditable: false });
    expect(payload).toMatchObject({ email: null, sub: null, tg_login: null });
    expect(payload).not.toHaveProperty('roles');
    // A new user always gets a list of roles, even empty.
    expect(userPayload({ ...FILLED, roles: [] }, 'create', { rolesEditable: false }).roles).toEqual([]);
  });

  it('requires a username, a password on create, and an e-mail or a messenger id', () => {
    expect(userFormIssues(EMPTY_USER_FORM, 'create')).toEqual({
      username: 'required',
      password: 'required',
      email: 'emailOrTelegram',
    });
    expect(userFormIssues({ ...FILLED, password: '' }, 'update')).toEqual({});
    expect(userFormIssues({ ...FILLED, email: '', tg_user_id: '' }, 'update')).toEqual({ email: 'emailOrTelegram' });
    expect(userFormIssues({ ...FILLED, email: 'not-an-email' }, 'create')).toEqual({ email: 'email' });
    expect(userFormIssues({ ...FILLED, email: '', tg_user_id: '12x' }, 'create')).toEqual({ tg_user_id: 'tgUserId' });
  });
});

function field(scope: ParentNode, name: string): HTMLInputElement {
  return query<HTMLInputElement>(scope, `[data-field="${name}"] input`);
}

async function openUsers(server: FakeAuthServer, codes: readonly string[] = ['JU', 'JQ']) {
  const kernel = await adminKernel(codes);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path: '/users' });
  await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('Users'), { timeout: 10_000 });
  await waitInAct(() => expect(server.requests('GET', 'users').length).toBeGreaterThan(0));
  return { kernel, view, toasts };
}

describe('User form in the users list', { timeout: 20_000 }, () => {
  it('creates a user with sub upper-case and the chosen role ids', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([]))
      .on('GET', 'roles', { data: ROLES })
      .on('POST', 'users', () => jsonResponse(201, { data: { ...USER_INFO, id: 9, username: 'carol' } }));
    const { view, toasts } = await openUsers(server);
    await click(buttonByText(view.element, 'Add user'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(field(dialog, 'username'), 'carol');
    await typeInto(field(dialog, 'email'), 'carol@example.com');
    await typeInto(field(dialog, 'sub'), 'car-01');
    await typeInto(field(dialog, 'password'), 'long-enough');
    // Roles: the multi-select offers `GET roles`; choose manager and accountant.
    await waitInAct(() => expect(query(dialog, '[data-field="roles"] button').hasAttribute('disabled')).toBe(false));
    await click(query(dialog, '[data-field="roles"] button'));
    for (const name of ['manager', 'accountant']) await click(itemNamed(name));
    await click(buttonByText(dialog, 'Save'));
    await waitInAct(() => expect(server.requests('POST', 'users')).toHaveLength(1));
    expect(server.requests('POST', 'users')[0]?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      sub: 'CAR-01',
      roles: [2, 3],
      tg_user_id: null,
      tg_login: null,
      password: 'long-enough',
      manager_id: null,
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('New record successfully created'));
    // The list is read again.
    await waitInAct(() => expect(server.requests('GET', 'users').length).toBeGreaterThanOrEqual(2));
  });

  it('refuses to send without the required fields and says so', async () => {
    const server = new FakeAuthServer().on('GET', 'users', page([])).on('GET', 'roles', { data: ROLES });
    const { view } = await openUsers(server);
    await click(buttonByText(view.element, 'Add user'));
    const dialog = query(document, '[role="dialog"]');
    await click(buttonByText(dialog, 'Save'));
    await waitInAct(() => expect(dialog.textContent).toContain('Please fill in all required fields.'));
    expect(server.requests('POST', 'users')).toHaveLength(0);
  });

  it('edits without sending an empty password, and shows 422 messages on their fields', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([{ ...USER_INFO }]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'users/5/info', { data: USER_INFO })
      .on('PATCH', 'users/5', () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { email: ['This value is already taken.'] },
        }),
      );
    const { view } = await openUsers(server);
    await waitInAct(() => expect(view.element.textContent).toContain('bob'));
    await click(query(view.element, 'button[aria-label="Actions for bob"]'));
    await click(itemNamed('Edit'));
    await waitInAct(() => expect(field(document.body, 'username').value).toBe('bob'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(field(dialog, 'password'), '   ');
    await typeInto(field(dialog, 'email'), 'taken@example.com');
    await click(buttonByText(dialog, 'Save'));
    await waitInAct(() => expect(server.requests('PATCH', 'users/5')).toHaveLength(1));
    const body = server.requests('PATCH', 'users/5')[0]?.body;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ username: 'bob', email: 'taken@example.com', sub: 'BOB', roles: [2] });
    await waitInAct(() =>
      expect(query(dialog, '[data-field="email"]').textContent).toContain('This value is already taken.'),
    );
  });

  it('says when the user to edit cannot be read, and reads again on Try again', async () => {
    let answers = 0;
    const server = new FakeAuthServer()
      .on('GET', 'users', page([{ ...USER_INFO }]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'users/5/info', () => {
        answers += 1;
        return answers === 1 ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { data: USER_INFO });
      });
    const { view } = await openUsers(server);
    await waitInAct(() => expect(view.element.textContent).toContain('bob'));
    await click(query(view.element, 'button[aria-label="Actions for bob"]'));
    await click(itemNamed('Edit'));
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() => expect(buttonByText(dialog, 'Try again')).toBeDefined());
    await click(buttonByText(dialog, 'Try again'));
    await waitInAct(() => expect(field(document.body, 'username').value).toBe('bob'));
    expect(server.requests('GET', 'users/5/info')).toHaveLength(2);
  });
});

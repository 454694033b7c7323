import { describe, expect, it } from 'vitest';
import { USERS_REFERENCE } from '@core/shared/resource/core-references';
import { ReferencePicker } from '@core/web/resource/ReferencePicker';
import { useReferenceLabels } from '@core/web/resource/use-reference-labels';
import { AuthService } from '@core/web/services/auth-service';
import { ReferenceLabels } from '@core/web/resource/reference-labels';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';

/** A screen that names user 7 in a picker, as a filter or a dialog of any page does. */
function UserScreen({ heading }: { readonly heading: string }) {
  const labels = useReferenceLabels();
  return (
    <section aria-label={heading}>
      <ReferencePicker
        target={USERS_REFERENCE}
        labels={labels}
        multiple
        value={[7]}
        onChange={() => undefined}
        ariaLabel="User"
      />
    </section>
  );
}

const setUp = async () => {
  const seen = stubFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === '/auth/references/users') return jsonResponse(200, { data: [{ id: 7, label: 'ann' }] });
    return jsonResponse(200, { data: {} });
  });
  const kernel = await createTestKernel({ user: testUser(), token: 'token' });
  const lookups = () => seen.filter((request) => new URL(request.url).pathname === '/auth/references/users');
  return { kernel, lookups };
};

describe('reference labels', () => {
  it('are fetched once for the app: a second screen naming the same record asks nothing', async () => {
    const { kernel, lookups } = await setUp();
    const view = await renderRoutesInKernel(
      kernel,
      [
        { path: '/first', element: <UserScreen heading="first" /> },
        { path: '/second', element: <UserScreen heading="second" /> },
      ],
      { path: '/first' },
    );
    await waitInAct(() => expect(view.element.textContent).toContain('ann'));
    await view.navigate('/second');
    await waitInAct(() => expect(view.element.querySelector('[aria-label="second"]')?.textContent).toContain('ann'));
    expect(lookups()).toHaveLength(1);
    expect(new URL(lookups()[0]?.url ?? '').searchParams.get('ids')).toBe('7');
  });

  it('are forgotten on sign-out, so the next user looks them up again', async () => {
    const { kernel, lookups } = await setUp();
    const labels = kernel.get(ReferenceLabels);
    await labels.ensure(USERS_REFERENCE, [7]);
    expect(labels.label(USERS_REFERENCE, 7)).toBe('ann');
    await kernel.get(AuthService).signOut();
    expect(labels.label(USERS_REFERENCE, 7)).toBeUndefined();
    await labels.ensure(USERS_REFERENCE, [7]);
    expect(lookups()).toHaveLength(2);
  });

  it('keep no answer asked for before a sign-out', async () => {
    const { kernel } = await setUp();
    const labels = kernel.get(ReferenceLabels);
    const asked = labels.ensure(USERS_REFERENCE, [7]);
    labels.reset();
    await asked;
    expect(labels.label(USERS_REFERENCE, 7)).toBeUndefined();
  });
});

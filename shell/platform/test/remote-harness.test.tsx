import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { remoteRoot } from '../src/remote-root';
import { useLocation } from '../src/router';
import { useSession } from '../src/session';
import { fakeApi, json, renderRemote, signedIn, testUser } from '../src/testing';
import type { RemoteAppProps } from '../src/types';

function Where({ basename }: RemoteAppProps) {
  const { pathname, search, state } = useLocation();
  const { user } = useSession();
  return (
    <p>
      {basename} {pathname}
      {search} {JSON.stringify(state)} {user?.name ?? 'guest'}
    </p>
  );
}

describe('remoteRoot', () => {
  it("names the remote and this build (from the remote's import.meta.env) around its routes", async () => {
    const Root = remoteRoot(
      'mf_learn',
      Where,
      { PUBLIC_BUERGERFIT_VARIANT: 'b', PUBLIC_BUERGERFIT_BUILD_ID: '42' },
      'x',
    );
    const { client } = fakeApi({});
    const { container } = await renderRemote(Root, { path: '/learn', basename: '/learn', client });
    const root = container.firstElementChild as HTMLElement;
    expect(root.dataset).toMatchObject({ remote: 'mf_learn', buildVariant: 'b', buildId: '42' });
    expect(root.className).toBe('x');
    expect(root.textContent).toContain('/learn /learn');
  });

  it('is the default variant of a local build when nothing was set', async () => {
    const Root = remoteRoot('mf_exam', Where, {}, undefined);
    const { container } = await renderRemote(Root, { path: '/', client: fakeApi({}).client });
    expect((container.firstElementChild as HTMLElement).dataset).toMatchObject({
      buildVariant: 'default',
      buildId: 'local',
    });
  });
});

describe('the remote test harness', () => {
  it('starts at a path with its query and location state, after the given history', async () => {
    const { client } = fakeApi({});
    await renderRemote(Where, { path: '/learn?topic=history', client, history: ['/'], state: { from: 'x' } });
    expect(screen.getByText(/\/learn\?topic=history \{"from":"x"\} guest/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/learn?topic=history');
  });

  it('answers by method and path, else by path; 401 for the session check, 404 for the rest', async () => {
    const { fetchMock, calls } = fakeApi({
      'POST /api/en/bookmarks': (body) => json(201, { got: body }),
      '/api/en/bookmarks': () => json(200, { any: true }),
    });
    const answer = async (url: string, init?: RequestInit) => {
      const res = (await fetchMock(url, init)) as Response;
      return [res.status, await res.json()];
    };
    expect(await answer('/api/en/bookmarks', { method: 'POST', body: '{"id":1}' })).toEqual([
      201,
      { got: { id: 1 } },
    ]);
    expect(await answer('/api/en/bookmarks', { method: 'DELETE' })).toEqual([200, { any: true }]);
    expect((await answer('/api/user/me'))[0]).toBe(401);
    expect((await answer('/api/en/nothing'))[0]).toBe(404);
    expect(calls('POST', '/api/en/bookmarks')).toEqual([{ id: 1 }]);
  });

  it('signs a learner in: cached on the device and answered by GET /api/user/me', async () => {
    const { client } = fakeApi(signedIn(testUser({ name: 'Ana', onboarded: true })));
    await renderRemote(Where, { path: '/', client });
    expect(await screen.findByText(/Ana$/)).toBeTruthy();
  });
});

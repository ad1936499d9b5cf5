import type { AbOverview, AbRemote, AuditLog } from '@buergerfit/contract';
import { fakeApi, json, renderRemote } from '@buergerfit/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';

// The A/B console as a product owner uses it: the figures with their intervals and verdict, the sample size to plan
// for, weight and on/off changes sent to the BFF; and nothing of it for a user without the admin role.

const marketing: AbRemote = {
  remote: 'mf_marketing',
  variants: [
    {
      variant: 'default',
      version: '0.1.0-aaaa',
      manifestUrl: '/remotes/mf_marketing/0.1.0-aaaa/mf-manifest.json',
      weight: 100,
      enabled: true,
      pinned: false,
      visitors: 1000,
      conversions: 100,
      rate: 0.1,
      interval: { low: 0.0829, high: 0.1202 },
      comparison: null,
      serverRender: null,
      rollbackTo: null,
    },
    {
      variant: 'b',
      version: '0.1.0-bbbb',
      manifestUrl: '/remotes/mf_marketing/0.1.0-bbbb/mf-manifest.json',
      weight: 100,
      enabled: true,
      pinned: true,
      visitors: 1000,
      conversions: 130,
      rate: 0.13,
      interval: { low: 0.1103, high: 0.1527 },
      comparison: {
        difference: 0.03,
        interval: { low: 0.00207, high: 0.05793 },
        z: 2.1027,
        pValue: 0.0355,
        verdict: 'better',
      },
      serverRender: {
        failures: 3,
        lastReason: 'crash: the renderer exited (SIGKILL)',
        lastFailureAt: '2026-11-24T10:05:00.000Z',
        offSince: '2026-11-24T10:05:00.000Z',
      },
      rollbackTo: '0.0.9-b000',
    },
  ],
  deploys: [
    {
      id: 7,
      remote: 'mf_marketing',
      variant: 'b',
      action: 'deploy',
      version: '0.1.0-bbbb',
      manifestUrl: '/remotes/mf_marketing/0.1.0-bbbb/mf-manifest.json',
      previousVersion: '0.0.9-b000',
      actor: 'marketing-ci',
      at: '2026-11-24T10:00:00.000Z',
    },
  ],
  sampleSize: 3841,
};
const overview = (lift: number): AbOverview => ({
  lift,
  remotes: [marketing, { remote: 'mf_exam', variants: [], deploys: [], sampleSize: null }],
});
const audit: AuditLog = {
  entries: [
    {
      id: 3,
      at: '2026-11-24T11:00:00.000Z',
      actor: 'Owner',
      action: 'weight',
      remote: 'mf_marketing',
      variant: 'b',
      before: '100',
      after: '50',
    },
  ],
};

const render = (client: ReturnType<typeof fakeApi>['client']) =>
  renderRemote(App, { path: '/admin', basename: '/admin', client });

describe('the A/B console', () => {
  it('shows each variant with its rate and 95 % interval, B against default with its verdict, and the sample size', async () => {
    const { client } = fakeApi({
      'GET /api/admin/ab?lift=0.1': () => json(200, overview(0.1)),
      'GET /api/admin/audit': () => json(200, audit),
    });
    await render(client);
    expect(await screen.findByRole('heading', { level: 1, name: 'A/B tests' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: /Landing and public pages/ })).closest(
      'section',
    ) as HTMLElement;
    const b = within(card).getByRole('listitem', { name: 'Variant b' });
    expect(within(b).getByText('13.0% (11.0%–15.3%)')).toBeTruthy();
    expect(
      within(b).getByText(/Against default: \+3\.0 points \(95% interval \+0\.2 to \+5\.8\), p = 0\.036\./),
    ).toBeTruthy();
    expect(within(b).getByText('Better')).toBeTruthy();
    // Its build's server renderer kept failing: its pages render in the browser, and the console says why.
    expect(
      within(b).getByText(/^Not rendered on the server since .+: its renderer failed 3 times in a row\./),
    ).toBeTruthy();
    expect(within(b).getByText('crash: the renderer exited (SIGKILL)').tagName).toBe('CODE');
    const base = within(card).getByRole('listitem', { name: 'Variant default' });
    expect(within(base).queryByText(/rendered on the server|Server render/)).toBeNull();
    expect(within(base).getByText('10.0% (8.3%–12.0%)')).toBeTruthy();
    expect(
      within(card).getByText(
        "To detect 10% on the default's 10.0%: 3,841 visitors per variant (2,841 still to go).",
      ),
    ).toBeTruthy();
    expect(within(card).getByText(/b: version 0\.1\.0-bbbb deployed by marketing-ci/)).toBeTruthy();
    // A remote with no variants is not listed.
    expect(screen.queryByRole('heading', { name: /Mock test and demo/ })).toBeNull();
    expect(
      await screen.findByText(/Owner changed the weight of mf_marketing\/b from 100 to 50/),
    ).toBeTruthy();
  });

  it('plans for another lift, saves a weight and switches a variant off', async () => {
    const { client, calls } = fakeApi({
      'GET /api/admin/ab?lift=0.1': () => json(200, overview(0.1)),
      'GET /api/admin/ab?lift=0.2': () =>
        json(200, { ...overview(0.2), remotes: [{ ...marketing, sampleSize: 1000 }] }),
      'GET /api/admin/audit': () => json(200, { entries: [] }),
      'PATCH /api/admin/ab/mf_marketing/b': () => json(200, marketing),
    });
    await render(client);
    await screen.findByRole('listitem', { name: 'Variant b' });
    await userEvent.selectOptions(screen.getByLabelText('Plan for a change of'), '0.2');
    expect(
      await screen.findByText(/To detect 20% on the default's 10\.0%: 1,000 visitors per variant/),
    ).toBeTruthy();
    const b = screen.getByRole('listitem', { name: 'Variant b' });
    const weight = within(b).getByLabelText('Weight');
    await userEvent.clear(weight);
    await userEvent.type(weight, '25');
    await userEvent.click(within(b).getByRole('button', { name: 'Save weight' }));
    await userEvent.click(within(b).getByRole('button', { name: 'Switch off' }));
    await expect
      .poll(() => calls('PATCH', '/api/admin/ab/mf_marketing/b'))
      .toEqual([{ weight: 25 }, { enabled: false }]);
    // An impossible weight cannot be sent.
    await userEvent.clear(weight);
    await userEvent.type(weight, '5000');
    expect((within(b).getByRole('button', { name: 'Save weight' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a rollback only where there is a build to go back to, naming it', async () => {
    const { client, calls } = fakeApi({
      'GET /api/admin/ab?lift=0.1': () => json(200, overview(0.1)),
      'GET /api/admin/audit': () => json(200, { entries: [] }),
      'POST /api/admin/ab/mf_marketing/b/rollback': () => json(200, marketing),
    });
    await render(client);
    const b = await screen.findByRole('listitem', { name: 'Variant b' });
    const base = screen.getByRole('listitem', { name: 'Variant default' });
    expect(within(base).queryByRole('button', { name: /^Roll back/ })).toBeNull();
    await userEvent.click(within(b).getByRole('button', { name: 'Roll back to 0.0.9-b000' }));
    await expect.poll(() => calls('POST', '/api/admin/ab/mf_marketing/b/rollback').length).toBe(1);
  });

  it('a user without the admin role sees only that the area is not theirs', async () => {
    const { client } = fakeApi({
      'GET /api/admin/ab?lift=0.1': () =>
        json(403, { error: { code: 'admin_only', message: 'This is for administrators only.' } }),
      'GET /api/admin/audit': () =>
        json(403, { error: { code: 'admin_only', message: 'This is for administrators only.' } }),
    });
    await render(client);
    expect(await screen.findByRole('heading', { level: 1, name: 'For administrators only' })).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toBeTruthy();
  });
});

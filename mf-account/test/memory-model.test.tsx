import type { MemoryModel } from '@buergerfit/contract';
import { resources } from '@buergerfit/locales';
import { screen, waitFor } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import App from '../src/App';
import { memoryModelLine } from '../src/MemoryModel';
import { fakeApi, json, renderRemote, signedIn, testUser } from './util';

/** The settings' memory-model line: which FSRS weights plan the learner's reviews (GET /api/user/memory-model). */

const model = (over: Partial<MemoryModel>): MemoryModel => ({
  kind: 'standard',
  reason: 'too_few_answers',
  answers: 212,
  minAnswers: 400,
  answersUntilCheck: 188,
  checkedAt: null,
  fittedAt: null,
  fittedAnswers: null,
  ...over,
});

const personal = model({
  kind: 'personal',
  reason: null,
  answers: 650,
  answersUntilCheck: 162,
  checkedAt: '2026-11-27T10:00:00.000Z',
  fittedAt: '2026-11-27T10:00:00.000Z',
  fittedAnswers: 612,
});

const ts: Record<string, TFunction<'account'>> = {};
beforeAll(async () => {
  for (const lng of ['de', 'en', 'hr']) {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng, ns: ['account'], interpolation: { escapeValue: false } });
    ts[lng] = i18n.getFixedT(lng, 'account') as TFunction<'account'>;
  }
});
const line = (m: MemoryModel, lng = 'en') => memoryModelLine(m, ts[lng] as TFunction<'account'>, lng);

describe('the memory-model line', () => {
  it('says the personal model is in use, on how many answers and since when', () => {
    expect(line(personal)).toBe('Personal: fitted to your 612 answers on November 27.');
    expect(line(personal, 'de')).toBe('Persönlich: am 27. November an deine 612 Antworten angepasst.');
    expect(line(personal, 'hr')).toBe('Osobni: prilagođen 27. studenoga vašim odgovorima (njih 612).');
    const long = { ...personal, answers: 2400, fittedAnswers: 2314 };
    expect(line(long)).toBe('Personal: fitted to your 2,314 answers on November 27.');
    expect(line(long, 'de')).toBe('Persönlich: am 27. November an deine 2.314 Antworten angepasst.');
  });

  it('says how many more answers the standard model stays, with the right plural', () => {
    expect(line(model({}))).toBe('Standard until you have answered 188 more questions.');
    expect(line(model({ answersUntilCheck: 1 }))).toBe('Standard until you have answered 1 more question.');
    expect(line(model({}), 'de')).toBe('Standard, bis du noch 188 Fragen beantwortet hast.');
    expect(line(model({ answersUntilCheck: 1 }), 'de')).toBe(
      'Standard, bis du noch 1 Frage beantwortet hast.',
    );
    expect(line(model({ answersUntilCheck: 21 }), 'hr')).toBe(
      'Standardni dok ne odgovorite na još 21 pitanje.',
    );
    expect(line(model({ answersUntilCheck: 3 }), 'hr')).toBe(
      'Standardni dok ne odgovorite na još 3 pitanja.',
    );
  });

  it('says why the standard model stays after a check, and when it is checked again', () => {
    const checked = { checkedAt: '2026-11-27T10:00:00.000Z', answers: 640, answersUntilCheck: 150 };
    expect(line(model({ ...checked, reason: 'standard_better' }))).toBe(
      'Standard: it predicted your latest answers better than a personal one (checked on November 27). Checked again after 150 more answers.',
    );
    expect(line(model({ ...checked, reason: 'too_few_spaced' }))).toBe(
      'Standard: a personal one needs more questions you come back to on a later day. Checked again after 150 more answers.',
    );
    expect(line(model({ ...checked, reason: 'failed' }))).toBe(
      'Standard: fitting a personal one did not work this time. Tried again after 150 more answers.',
    );
    expect(line(model({ ...checked, reason: 'pending', answersUntilCheck: 0 }))).toBe(
      'Standard for now: a personal one is being fitted to your 640 answers.',
    );
  });
});

describe('mf-account /profile-settings: the memory model', () => {
  const me = testUser({ federalState: 'BE', onboarded: true });
  const open = (answer: () => Response) =>
    renderRemote(App, {
      path: '/profile-settings',
      client: fakeApi({ ...signedIn(me), 'GET /api/user/memory-model': answer }).client,
    });

  it('shows which model plans the reviews, and how a personal one comes about', async () => {
    await open(() => json(200, personal));
    const card = await screen.findByRole('region', { name: 'Your memory model' });
    await waitFor(() =>
      expect(screen.getByTestId('memory-model').textContent).toBe(
        'Personal: fitted to your 612 answers on November 27.',
      ),
    );
    expect(card.textContent).toContain(
      'From 400 answers on, it fits one to you and uses it only if it predicts your answers better than the standard one.',
    );
  });

  it('leaves the card out when the server cannot say (a server without the call answers 404)', async () => {
    await open(() => json(404, { error: { code: 'not_found', message: 'Not found' } }));
    await screen.findByRole('heading', { name: 'Profile settings' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your memory model' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Profile' })).toBeTruthy();
  });
});

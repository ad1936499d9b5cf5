import {
  type DashboardMode,
  DashboardModeId,
  type Recommendation,
  RecommendationKind,
} from '@buergerfit/contract';
import { describe, expect, it } from 'vitest';
import { type Learner, modeTarget, recommendationTarget } from '../src/routes';

const withState: Learner = { state: { code: 'BE', name: 'Berlin' } };
const noState: Learner = { state: { code: null, name: null } };

const rec = (kind: Recommendation['kind'], params: Recommendation['params'] = {}): Recommendation => ({
  id: `general:${kind.toLowerCase()}`,
  category: 'general',
  kind,
  params,
});
const mode = (id: DashboardMode['id'], comingSoon = false): DashboardMode => ({
  id,
  comingSoon,
  count: null,
});

// The contract's lists at run time (tests only: the remote's bundle imports types only).
describe('recommendationTarget', () => {
  it('gives every kind of the contract a route', () => {
    for (const kind of RecommendationKind.options) {
      for (const learner of [withState, noState]) {
        expect(recommendationTarget(rec(kind), learner), kind).toMatch(/^\/[a-z]/);
      }
    }
  });

  it('leads where the dashboard always led', () => {
    const targets = Object.fromEntries(
      RecommendationKind.options.map((kind) => [kind, recommendationTarget(rec(kind), withState)]),
    );
    expect(targets).toEqual({
      weakTopic: '/learn',
      mockTest: '/exam',
      chooseState: '/profile-settings',
      statePractice: '/learn/state',
      reviewDue: '/learn/focus',
      setExamDate: '/profile-settings',
      startLearning: '/learn',
      dailyHabit: '/learn',
    });
  });

  it('opens learn mode on the weak topic', () => {
    const weak = rec('weakTopic', { topic: 'Federalism', topicId: 'foederalismus', accuracy: 0.4 });
    expect(recommendationTarget(weak, withState)).toBe('/learn?topic=foederalismus');
    expect(recommendationTarget(rec('weakTopic', { topicId: 'a b&c' }), withState)).toBe(
      '/learn?topic=a%20b%26c',
    );
  });

  it('sends a state recommendation without a state to the settings, where the state is chosen', () => {
    expect(recommendationTarget(rec('statePractice', { count: 3 }), noState)).toBe('/profile-settings');
    expect(recommendationTarget(rec('chooseState'), noState)).toBe('/profile-settings');
  });
});

describe('modeTarget', () => {
  it('gives every mode of the contract a route unless it is coming soon', () => {
    for (const id of DashboardModeId.options) {
      if (id === 'community') continue;
      expect(modeTarget(mode(id), withState), id).toMatch(/^\/[a-z]/);
      expect(modeTarget(mode(id, true), withState), id).toBeNull();
    }
  });

  it('leads where the dashboard always led', () => {
    const targets = Object.fromEntries(
      DashboardModeId.options.map((id) => [id, modeTarget(mode(id, id === 'community'), withState)]),
    );
    expect(targets).toEqual({
      learn: '/learn',
      challenge: '/learn/challenge',
      mock: '/exam',
      focus: '/learn/focus',
      state: '/learn/state',
      settings: '/profile-settings',
      resources: '/knowledge/einburgerungstest',
      community: null,
    });
  });

  it('sends the state mode to the settings while no state is chosen', () => {
    expect(modeTarget(mode('state'), noState)).toBe('/profile-settings');
  });

  it('leads nowhere for a mode that has no screen yet, even when not marked coming soon', () => {
    expect(modeTarget(mode('community'), withState)).toBeNull();
  });
});

export { fakeApi, json, renderRemote, serverMarkup, tapNow, testUser } from '@buergerfit/platform/testing';

import type { RemoteAppProps } from '@buergerfit/platform';
import { renderRemote } from '@buergerfit/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import App from '../src/App';
import { fakeExamServer } from './fake-exam';

/** The exam's level-2 heading named `name` (the question panel's "Question 1 of 33", a result's verdict), once shown. */
export const heading = (name: RegExp | string) => screen.findByRole('heading', { level: 2, name });
/** The current question's `n`th answer (1-based, as the 1–4 keys count). */
export const answerRadio = (n: number) => screen.getAllByRole('radio')[n - 1] as HTMLInputElement;
export const unsureBox = () => screen.getByRole('checkbox', { name: /Not sure/ }) as HTMLInputElement;
/** The answers the fake server was asked to save (`PUT`), in order. */
export const saves = (fake: ReturnType<typeof fakeExamServer>) =>
  fake.calls.filter((c) => c.method === 'PUT');

/** Opens `/demo` (in `Remote`, the remote's App by default), starts the demo and waits for its first question. */
export async function startDemo(fake = fakeExamServer(), Remote: ComponentType<RemoteAppProps> = App) {
  const user = userEvent.setup();
  await renderRemote(Remote, { path: '/demo', client: fake.client });
  await user.click(await screen.findByRole('button', { name: 'Start demo' }));
  await heading('Question 1 of 33');
  return { fake, user };
}

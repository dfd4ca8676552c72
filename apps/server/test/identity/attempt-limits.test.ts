import { describe, expect, it } from 'vitest';
import type { TestBrowser } from './browser.ts';
import { admin, csrfOf, registerAdmin, useIdentityApp } from './flow-helpers.ts';

interface Answer {
  readonly status: number;
  readonly text: string;
}

const answerOf = (status: number, data: unknown): Answer => ({
  status,
  text: JSON.stringify(data),
});

/** A login flow opened first, so that the submissions themselves can race. */
async function openLogin(b: TestBrowser): Promise<(password: string) => Promise<Answer>> {
  const { data: flow } = await b.api.createBrowserLoginFlow();
  return async (password) => {
    const body = {
      method: 'password',
      csrf_token: csrfOf(flow),
      identifier: admin.email,
      password,
    };
    const answer = await b.post(`/api/identity/self-service/login?flow=${flow.id}`, body);
    return answerOf(answer.status, answer.data);
  };
}

/** Submissions that reached the password check: a success or "credentials are invalid". */
const checked = (answers: Answer[]): Answer[] =>
  answers.filter((a) => a.status === 200 || a.text.includes('4000006'));

async function burst(browser: () => TestBrowser, passwords: string[]): Promise<Answer[]> {
  const submits = await Promise.all(passwords.map(() => openLogin(browser())));
  return Promise.all(submits.map((submit, i) => submit(passwords[i] ?? '')));
}

async function requestLink(
  b: TestBrowser,
  kind: 'recovery' | 'verification',
  email: string,
): Promise<Answer> {
  const { data: flow } =
    kind === 'recovery'
      ? await b.api.createBrowserRecoveryFlow()
      : await b.api.createBrowserVerificationFlow();
  const body = { method: 'link', csrf_token: csrfOf(flow), email };
  const answer = await b.post(`/api/identity/self-service/${kind}?flow=${flow.id}`, body);
  return answerOf(answer.status, answer.data);
}

const wrong = (n: number): string[] => Array.from({ length: n }, (_, i) => `wrong guess ${i}`);

describe('40 concurrent wrong sign-ins for one account', () => {
  const { browser } = useIdentityApp();

  it('checks at most 5 of 40 concurrent wrong sign-ins, then refuses the right password', async () => {
    await registerAdmin(browser());
    const answers = await burst(browser, wrong(40));
    expect(checked(answers)).toHaveLength(5);
    expect(answers.filter((a) => a.text.includes('Too many failed sign-in'))).toHaveLength(35);
    const right = await (await openLogin(browser()))(admin.password);
    expect(right.status).toBe(400);
    expect(right.text).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(right.text).not.toContain('4000006');
  });
});

describe('30 concurrent sign-ins for one account, then recovery and verification floods', () => {
  const { app, browser } = useIdentityApp();

  it('checks at most 5 of 30 concurrent sign-ins, the right password among them', async () => {
    await registerAdmin(browser());
    const passwords = [...wrong(29)];
    passwords.splice(17, 0, admin.password);
    const answers = await burst(browser, passwords);
    expect(answers).toHaveLength(30);
    expect(checked(answers).length).toBeLessThanOrEqual(5);
    const refused = answers.filter((a) => a.text.includes('Too many failed sign-in attempts'));
    expect(refused.length).toBeGreaterThanOrEqual(25);
    expect(refused.every((a) => a.status === 400)).toBe(true);
    // The right password signs in only if it was one of the 5 checked, never past the limit.
    const right = answers[17];
    expect(right?.status === 200 || right?.text.includes('Too many failed sign-in')).toBe(true);
  });

  it('refuses recovery requests for one email after 5, and from one address after 30', async () => {
    const b = browser();
    const sentBefore = app().links.length;
    const sameEmail: Answer[] = [];
    for (let i = 0; i < 20; i++) sameEmail.push(await requestLink(b, 'recovery', admin.email));
    expect(sameEmail.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = sameEmail.filter((a) => a.status === 400);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.text).toContain('Too many recovery requests. Try again in 15 minutes.');
    expect(refused[0]?.text).toContain('"reason":"rate_limited"');
    expect(app().links.length - sentBefore).toBe(5);

    const manyEmails: Answer[] = [];
    for (let i = 0; i < 30; i++) {
      manyEmails.push(await requestLink(b, 'recovery', `someone${i}@example.com`));
    }
    expect(manyEmails.filter((a) => a.status === 200)).toHaveLength(25);
    expect(manyEmails.slice(25).every((a) => a.text.includes('Too many recovery requests'))).toBe(
      true,
    );
  });

  it('refuses verification requests for one email after 5', async () => {
    const b = browser();
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) answers.push(await requestLink(b, 'verification', admin.email));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.text).toContain('Too many verification requests. Try again in 15 minutes.');
  });
});

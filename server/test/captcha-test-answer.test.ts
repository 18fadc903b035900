// The browser tests' captcha switch: CAPTCHA_TEST_ANSWER gives every captcha one known answer, but only with
// E2E_TEST_MODE=1; anywhere else the server refuses to start rather than run with the captcha switched off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

// '2' is not in the captcha's alphabet: no random captcha can have this answer.
const ANSWER = 'E2E77';

describe('CAPTCHA_TEST_ANSWER', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).captchaTestAnswer).toBeNull();
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: '', E2E_TEST_MODE: '1' }).captchaTestAnswer).toBeNull();
  });

  it('stops the start without E2E_TEST_MODE=1', () => {
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: ANSWER })).toThrow(/E2E_TEST_MODE=1/);
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: ANSWER, E2E_TEST_MODE: 'true' })).toThrow(
      /E2E_TEST_MODE=1/,
    );
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: ANSWER, NODE_ENV: 'test' })).toThrow(/E2E_TEST_MODE=1/);
  });

  it('takes a short Latin answer with E2E_TEST_MODE=1, and nothing a person could not type', () => {
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: ANSWER, E2E_TEST_MODE: '1' }).captchaTestAnswer).toBe(ANSWER);
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'ab cd', E2E_TEST_MODE: '1' })).toThrow(/Latin/);
  });
});

describeOnDatabases('captchas with and without the test answer on $name', (target) => {
  let plain: TestApp;
  let testing: TestApp;
  beforeAll(async () => {
    plain = await startTestApp(target);
    testing = await startTestApp(target, { config: { captchaTestAnswer: ANSWER } });
  });
  afterAll(async () => {
    await plain?.close();
    await testing?.close();
  });

  const callBack = async (t: TestApp, phrase: string) => {
    const captcha = await t.app.inject({ method: 'POST', url: '/api/captcha/generate' });
    expect(captcha.statusCode).toBe(200);
    const { id } = captcha.json<{ data: { id: string } }>().data;
    return t.app.inject({
      method: 'POST',
      url: '/api/feedback/call',
      payload: { name: 'Тест', phone: '89990000000', captchaId: id, captchaPhrase: phrase },
    });
  };

  it('with the switch, every captcha takes the test answer and still refuses another', async () => {
    expect((await callBack(testing, ANSWER.toLowerCase())).statusCode).toBe(201);
    expect((await callBack(testing, ANSWER)).statusCode).toBe(201);
    const wrong = await callBack(testing, 'WRONG');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { fields: { captchaPhrase: expect.any(String) } } });
  });

  it('without it, the test answer is just a wrong answer', async () => {
    const res = await callBack(plain, ANSWER);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'captcha_invalid' } });
  });
});

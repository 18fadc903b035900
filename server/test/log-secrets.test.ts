// The log never holds a secret: a failed write of a new user logs its statement without the values (no
// password hash), a letter's link logs without its token, and a logged object's password, token and key
// fields are redacted (docs/security.md, «Журнал»).
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDACTED } from '../src/platform/http/logging';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('secrets in the log on $name', (target) => {
  let t: TestApp;
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });

  beforeAll(async () => {
    t = await startTestApp(target, { logStream: stream, config: { logLevel: 'info' } });
    // A failure the service does not turn into a 4xx: the statement itself is what gets logged.
    await t.database.exec(`
      CREATE FUNCTION refuse_test_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Сбой записи' THEN RAISE EXCEPTION 'test: the write fails'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_test_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_test_user();
    `);
  }, 120_000);
  afterAll(async () => {
    await t.database.db.execute(sql`DROP TRIGGER refuse_test_user ON users`);
    await t.close();
  });

  it('logs a failed write of a user without its values: no password, no hash', async () => {
    const password = 'Secret-Password-4815';
    logged = '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: t.adminToken },
      payload: { email: 'failing@log.test', name: 'Сбой записи', role: 'customer', password },
    });
    expect(res.statusCode, res.body).toBe(500);
    // The failure is there, with its statement, so that it can still be found…
    expect(logged).toContain('request failed');
    expect(logged).toMatch(/insert into \\?"users\\?"/);
    expect(logged).toContain(`params: ${REDACTED}`);
    // …and none of the values: the hash, the password, the e-mail, the session's token.
    expect(logged).not.toContain('scrypt$');
    expect(logged).not.toContain(password);
    expect(logged).not.toContain('failing@log.test');
    expect(logged).not.toContain(t.adminToken.replace(/^Bearer /, ''));
  });

  it('logs a letter link without its token and an object without its secrets', () => {
    logged = '';
    t.app.log.info(
      {
        body: { password: 'p-4815', token: 't-4815', secretKey: 's-4815' },
        settings: { yookassa: { credentials: { shopId: 1, secretKey: 'k-4815' } } },
      },
      'something',
    );
    expect(logged).toContain('something');
    for (const secret of ['p-4815', 't-4815', 's-4815', 'k-4815']) expect(logged).not.toContain(secret);
  });

  it('logs the address of a request without the token of its link', async () => {
    logged = '';
    await t.app.inject({ method: 'GET', url: '/mail-confirm?token=link-token-4815&x=1' });
    expect(logged).toContain('/mail-confirm?token=');
    expect(logged).not.toContain('link-token-4815');
  });
});

// The local servers that speak СДЭК's API v2 and Почта России's tariff calculator (server/test/fake-cdek.ts,
// fake-russian-post.ts), for the delivery spec. The shop is started with CDEK_API_URL and
// RUSSIAN_POST_API_URL pointing at their fixed ports (playwright.config.ts); the spec starts them itself.
import { startFakeCdek } from '../server/test/fake-cdek';
import { startFakeRussianPost } from '../server/test/fake-russian-post';

export const CDEK_PORT = Number(process.env.E2E_CDEK_PORT ?? 3194);
export const POST_PORT = Number(process.env.E2E_POST_PORT ?? 3195);
/** The test shop's СДЭК keys, as an administrator types them into the delivery service. */
export const CDEK_KEYS = { clientId: 'e2e-cdek-account', clientSecret: 'e2e-cdek-secret' };

export async function startCarriers() {
  const [cdek, post] = await Promise.all([
    startFakeCdek({ ...CDEK_KEYS, port: CDEK_PORT }),
    startFakeRussianPost({ port: POST_PORT }),
  ]);
  return { cdek, post, close: () => Promise.all([cdek.close(), post.close()]) };
}

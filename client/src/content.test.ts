// The content methods call the paths of the content API, slugs encoded segment by segment.
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { apiErrorStatus, createApiClient } from './index';

function recordingClient() {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { data: { data: [], meta: {} }, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createApiClient({ baseURL: 'http://api.test', axios: { adapter } });
  const last = () => {
    const c = calls.at(-1)!;
    return { method: c.method, url: c.url, params: c.params as unknown, data: c.data as unknown };
  };
  return { client, last };
}

describe('client.content', () => {
  it('reads pages by slug, a slash kept as a path separator', async () => {
    const { client, last } = recordingClient();
    await client.content.page('company');
    expect(last()).toMatchObject({ method: 'get', url: '/api/pages/company' });
    await client.content.page('payment-and-delivery/one_page');
    expect(last().url).toBe('/api/pages/payment-and-delivery/one_page');
    await client.content.page('a b?c');
    expect(last().url).toBe('/api/pages/a%20b%3Fc');
  });

  it('reads articles, promotions, banners, reviews and representatives', async () => {
    const { client, last } = recordingClient();
    await client.content.articles({ page: 2, perPage: 6 });
    expect(last()).toMatchObject({ url: '/api/articles', params: { page: 2, perPage: 6 } });
    await client.content.article('kak-vybrat');
    expect(last().url).toBe('/api/articles/kak-vybrat');
    await client.content.promotions();
    expect(last().url).toBe('/api/promotions');
    await client.content.promotion('leto');
    expect(last().url).toBe('/api/promotions/leto');
    await client.content.banners('home_slider');
    expect(last()).toMatchObject({ url: '/api/banners', params: { position: 'home_slider' } });
    await client.content.siteReviews({ page: 3 });
    expect(last()).toMatchObject({ url: '/api/reviews/site', params: { page: 3 } });
    await client.content.representatives();
    expect(last().url).toBe('/api/representatives');
  });

  it('posts a site review as JSON', async () => {
    const { client, last } = recordingClient();
    await client.content.sendSiteReview({ name: 'Анна', rating: 5, text: 'Всё отлично, спасибо!' });
    expect(last()).toMatchObject({ method: 'post', url: '/api/reviews/site' });
    expect(JSON.parse(last().data as string)).toEqual({
      name: 'Анна',
      rating: 5,
      text: 'Всё отлично, спасибо!',
    });
  });
});

describe('apiErrorStatus', () => {
  it('reads the status of an error answer, and nothing of other failures', async () => {
    const client = createApiClient({
      baseURL: 'http://api.test',
      axios: {
        adapter: async (config) => {
          throw new AxiosError('nf', 'ERR_BAD_REQUEST', config, null, {
            data: { error: { code: 'not_found', message: 'Страница не найдена' } },
            status: 404,
            statusText: 'Not Found',
            headers: {},
            config,
          });
        },
      },
    });
    const error: unknown = await client.content.page('nope').catch((e: unknown) => e);
    expect(apiErrorStatus(error)).toBe(404);
    expect(apiErrorStatus(new Error('x'))).toBeUndefined();
  });
});

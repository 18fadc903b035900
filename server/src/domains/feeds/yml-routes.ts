// GET <ymlPath> (settings, /yml.xml by default): the feed for Yandex Market and Direct, when the settings
// turn it on, behind HTTP Basic auth when they give a login and a password; and GET /api/admin/feeds/yml, its
// state for the admin's screen. The feed's path is one segment ending in .xml, so the route is `/:name.xml`
// (sitemap.xml, a fixed path, still wins); any other such name is a 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import { ymlFeedState } from '@shop/schemas/contracts/feeds';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import { serve } from '../../platform/http/contract';
import type { ShopContext } from '../../platform/types';
import { preferredEncoding } from '../../platform/web/page-cache';
import { keptSettings, siteOrigin, type SettingsRow } from '../settings';
import { WARNING_TEXT, type WarningReason } from './yml-build';
import { YmlFeed, type FeedBuild } from './yml-feed';

/** The warnings the admin's screen lists; their counts by reason cover all of them. */
const WARNINGS_SHOWN = 200;

const feeds = new WeakMap<ShopContext, YmlFeed>();

/** One feed per app: the site's route and the admin's share its build. */
function feedOf(ctx: ShopContext): YmlFeed {
  let feed = feeds.get(ctx);
  if (!feed) {
    const settings = keptSettings(ctx.publicData, ctx.database.db);
    feed = new YmlFeed(ctx.database.db, ctx.publicData, async () => {
      const row = await settings();
      const name = row?.shopName?.trim() || 'Магазин';
      return { name, company: row?.legalName?.trim() || name };
    });
    feeds.set(ctx, feed);
  }
  return feed;
}

/** Whether the request carries the settings' login and password (compared in constant time). */
function authorized(request: FastifyRequest, user: string, password: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  const wanted = Buffer.from(`${user}:${password}`, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const isProtected = (row: SettingsRow) => !!row?.ymlUser && !!row?.ymlPassword;

function sendFeed(request: FastifyRequest, reply: FastifyReply, build: FeedBuild) {
  reply
    .header('Content-Type', 'application/xml; charset=utf-8')
    .header('ETag', build.etag)
    .header('Last-Modified', build.date.toUTCString())
    .header('Vary', 'Accept-Encoding')
    // A robot may keep it a little; every request still asks (no-cache) and gets 304 while it is the same.
    .header('Cache-Control', 'no-cache');
  const seen = request.headers['if-none-match'];
  if (seen && seen.split(',').some((tag) => tag.trim() === build.etag || tag.trim() === '*'))
    return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity')
    // Rare (robots take gzip): the compressed copy is unpacked on the way out, the text is never held whole.
    return reply.send(Readable.from([build.gzip]).pipe(createGunzip()));
  return reply
    .header('Content-Encoding', encoding)
    .header('Content-Length', String(build[encoding].length))
    .send(build[encoding]);
}

export function ymlSiteRoutes(ctx: ShopContext) {
  const settings = keptSettings(ctx.publicData, ctx.database.db);
  return async function plugin(app: FastifyInstance) {
    app.addHook('onClose', async () => feeds.get(ctx)?.stop());
    app.get<{ Params: { name: string } }>(
      '/:name.xml',
      // Sent precompressed: the plugin must not compress it again.
      { compress: false, schema: { hide: true } },
      async (request, reply) => {
        const row = await settings();
        if (!row?.ymlEnabled || request.params.name !== (row.ymlPath ?? '/yml.xml').slice(1, -4))
          return reply.status(404).type('text/plain; charset=utf-8').send('Нет такого файла');
        if (isProtected(row) && !authorized(request, row.ymlUser!, row.ymlPassword!))
          return reply
            .status(401)
            .header('WWW-Authenticate', 'Basic realm="YML", charset="UTF-8"')
            .type('text/plain; charset=utf-8')
            .send('Нужны логин и пароль фида');
        const build = await feedOf(ctx).get(siteOrigin(ctx.config.siteUrl, request));
        return sendFeed(request, reply, build);
      },
    );
  };
}

export function ymlAdminRoutes(ctx: ShopContext) {
  const settings = keptSettings(ctx.publicData, ctx.database.db);
  // Whoever works with the catalogue sees what the feed leaves out of it.
  const products = resourceOf(ctx.registry, 'products');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      ymlFeedState,
      async (request) => {
        const origin = siteOrigin(ctx.config.siteUrl, request);
        const [row, build] = await Promise.all([settings(), feedOf(ctx).get(origin)]);
        const counts = new Map<WarningReason, number>();
        for (const w of build.warnings) counts.set(w.reason, (counts.get(w.reason) ?? 0) + 1);
        return {
          data: {
            enabled: row?.ymlEnabled ?? false,
            url: `${origin}${row?.ymlPath ?? '/yml.xml'}`,
            protected: isProtected(row),
            build: {
              date: build.date.toISOString(),
              checkedAt: build.checkedAt.toISOString(),
              offers: build.offers,
              products: build.products,
              bytes: build.bytes,
              gzipBytes: build.gzip.length,
              buildMs: Math.round(build.buildMs),
              warningsTotal: build.warnings.length,
              reasons: [...counts].map(([reason, count]) => ({ reason, text: WARNING_TEXT[reason], count })),
              warnings: build.warnings
                .slice(0, WARNINGS_SHOWN)
                .map((w) => ({ ...w, text: WARNING_TEXT[w.reason] })),
            },
          },
        };
      },
      { preValidation: requireAccess(products, 'list') },
    );
  };
}

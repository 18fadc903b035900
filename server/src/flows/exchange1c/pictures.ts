// A good's pictures (`import_files/…` of the package) through the shop's image pipeline: judged by their
// content and re-encoded (storage/image-check.ts), stored as any upload, linked by their bytes' hash so that
// the same picture sent again is the same address, stored once.
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../platform/db';
import { checkImage } from '../../platform/storage/image-check';
import type { Exchange } from './context';
import { type RunFile, wholeFile } from './files';
import { linksOf, saveLinks } from './links';

/**
 * The public addresses of a good's pictures, in its order; a broken picture is left out. Null when one is not
 * among the exchange's files (sent later, or not at all): the product keeps the pictures it has.
 */
export async function pictureUrls(
  ex: Exchange,
  db: DbOrTx,
  files: Map<string, RunFile>,
  paths: string[],
): Promise<string[] | null> {
  const urls: string[] = [];
  for (const path of paths) {
    const file = files.get(path.replace(/\\/g, '/').replace(/^\/+/, ''));
    if (!file) {
      ex.warn(`Картинки ${path} нет среди файлов обмена: у товара остаются прежние картинки`);
      return null;
    }
    const data = await wholeFile(ex.storage, file);
    const hash = createHash('sha256').update(data).digest('hex');
    const known = (await linksOf(db, 'picture', [hash])).get(hash);
    if (typeof known?.data.url === 'string') {
      urls.push(known.data.url);
      continue;
    }
    const image = await checkImage(data);
    if (!image) {
      ex.warn(`Файл ${path} — не картинка JPEG, PNG, WebP, AVIF или GIF`);
      continue;
    }
    const url = await ex.storage.put(
      `1c/${hash.slice(0, 2)}/${hash.slice(2, 34)}.${image.extension}`,
      image.data,
    );
    await saveLinks(db, 'picture', [{ externalId: hash, localId: null, data: { url } }]);
    urls.push(url);
  }
  return urls;
}

/** Pictures checked and stored at once: re-encoding uses the other cores while one waits for the database. */
const POOL = 4;

/** The pictures of a batch of goods (pictureUrls of each), by the good's position in it. */
export async function picturesOfGoods(
  ex: Exchange,
  db: DbOrTx,
  files: Map<string, RunFile>,
  goods: { pictures: string[] }[],
): Promise<(string[] | null)[]> {
  const out: (string[] | null)[] = goods.map(() => null);
  let next = 0;
  const worker = async () => {
    while (next < goods.length) {
      const at = next++;
      out[at] = await pictureUrls(ex, db, files, goods[at]!.pictures);
    }
  };
  await Promise.all(Array.from({ length: POOL }, worker));
  return out;
}

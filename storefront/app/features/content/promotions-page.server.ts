import type { Route } from '../../routes/+types/promotions';
import { serverApi } from '../../lib/api.server';
import { optionalPage } from '../../lib/content.server';

export async function loader({ context }: Route.LoaderArgs) {
  const [intro, promotions] = await Promise.all([
    optionalPage(context, 'promotions'),
    serverApi(context).content.promotions(),
  ]);
  return { intro, promotions };
}

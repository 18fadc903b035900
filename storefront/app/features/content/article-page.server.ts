import type { Route } from '../../routes/+types/company.interesting.$name';
import { serverApi } from '../../lib/api.server';
import { orNotFound } from '../../lib/content.server';

// An article of «Интересное»: its title, date, cover and text from the admin; an unknown or unpublished
// one is the 404 page.
export async function loader({ context, params }: Route.LoaderArgs) {
  return { article: await orNotFound(serverApi(context).content.article(params.name)) };
}

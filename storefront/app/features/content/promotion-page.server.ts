import type { Route } from '../../routes/+types/promotions.$name';
import { serverApi } from '../../lib/api.server';
import { orNotFound } from '../../lib/content.server';

// A promotion: its dates, picture and text from the admin, and the products it covers. An ended one keeps
// its page with a notice; an unknown, inactive or future one is the 404 page.
export async function loader({ context, params }: Route.LoaderArgs) {
  return { promotion: await orNotFound(serverApi(context).content.promotion(params.name)) };
}

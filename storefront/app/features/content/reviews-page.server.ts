import { apiErrorMessage, apiFieldErrors } from '@shop/client';
import type { SiteReviewRequest } from '@shop/schemas';
import { data } from 'react-router';
import type { Route } from '../../routes/+types/company.reviews';
import { type ReviewFormResult } from './ReviewForm';
import { serverApi } from '../../lib/api.server';
import { notFound, optionalPage, pageNumber } from '../../lib/content.server';

// Отзывы о магазине: the published reviews with their ratings, and a form whose reviews wait for an
// administrator's approval. Page "company/reviews" from the admin, when it exists, gives the title,
// introduction and SEO texts.
const PER_PAGE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageNumber(request);
  const [intro, reviews] = await Promise.all([
    optionalPage(context, 'company/reviews'),
    serverApi(context).content.siteReviews({ page, perPage: PER_PAGE }),
  ]);
  if (page > 1 && reviews.data.length === 0) notFound();
  return { intro, reviews, page };
}

/** The form goes to the API as it is; the API checks it and answers in Russian, field by field. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { name: text('name'), city: text('city'), rating: text('rating'), text: text('text') };
  const body: Partial<SiteReviewRequest> = { name: values.name, text: values.text };
  if (values.city.trim()) body.city = values.city;
  if (values.rating) body.rating = Number(values.rating);
  try {
    await serverApi(context).content.sendSiteReview(body as SiteReviewRequest);
    return { ok: true } satisfies ReviewFormResult;
  } catch (error) {
    const fields = apiFieldErrors(error);
    const result: ReviewFormResult = {
      ok: false,
      values,
      fields,
      message: Object.keys(fields).length ? 'Проверьте поля формы.' : apiErrorMessage(error),
    };
    // Refused fields are an answer, not a failure (200: the browser logs no error for it); an API that
    // did not answer at all is a failure of the page.
    return Object.keys(fields).length ? result : data(result, { status: 502 });
  }
}

import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// Layouts of the spec (§2): `default` for the home page, `pages` for the other public routes,
// `empty` for bare pages. The catalogue, cart, account and company pages join `pages` in later issues.
export default [
  layout('layouts/default.tsx', [index('routes/home.tsx')]),
  layout('layouts/pages.tsx', [
    // Catalogue: listings with filters, the product page, search results and favourites.
    route('catalog', 'routes/catalog.tsx'),
    route('catalog/:slug', 'routes/catalog.$slug.tsx'),
    route('catalog/:slug/product/:productSlug', 'routes/catalog.$slug.product.$productSlug.tsx'),
    route('catalog-new', 'routes/catalog-new.tsx'),
    route('search', 'routes/search.tsx'),
    route('favorites', 'routes/favorites.tsx'),
    route('product/:slug', 'routes/product.$slug.tsx'),
    // The cart: its page, and the action every cart form posts to (add-to-cart buttons included).
    route('cart', 'routes/cart.tsx'),
    // Checkout: the order form, its success page, and a guest's private order page (the link of the letter).
    route('cart/order', 'routes/cart.order.tsx'),
    route('cart/order/success', 'routes/cart.order.success.tsx'),
    route('orders/:number', 'routes/orders.$number.tsx'),
    // Content pages: texts from the admin (pages, articles, promotions, reviews, representatives).
    route('company', 'routes/company.tsx'),
    route('company/consent', 'routes/company.consent.tsx'),
    route('company/activity', 'routes/company.activity.tsx'),
    route('company/reviews', 'routes/company.reviews.tsx'),
    route('company/interesting', 'routes/company.interesting.tsx'),
    route('company/interesting/:name', 'routes/company.interesting.$name.tsx'),
    route('loyalty', 'routes/loyalty.tsx'),
    route('contacts', 'routes/contacts.tsx'),
    route('where-buy', 'routes/where-buy.tsx'),
    route('payment-and-delivery/:section?', 'routes/payment-and-delivery.tsx'),
    route('promotions', 'routes/promotions.tsx'),
    route('promotions/:name', 'routes/promotions.$name.tsx'),
    // Newsletter: the confirmation letter's link and the unsubscribe link of every newsletter.
    route('newsletter/confirm', 'routes/newsletter.confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter.unsubscribe.tsx'),
    // Account access: sign-in and registration (guests only), the e-mail confirmation and password links.
    route('login', 'routes/login.tsx'),
    route('auth/register', 'routes/auth.register.tsx'),
    route('mail-confirm', 'routes/mail-confirm.tsx'),
    route('recovery-password', 'routes/recovery-password.tsx'),
    route('change-password', 'routes/change-password.tsx'),
    // The account area (spec §2): routes/profile.tsx guards it and draws its section menu.
    route('profile', 'routes/profile.tsx', [
      index('routes/profile._index.tsx'),
      route('user', 'routes/profile.user.tsx'),
      route('orders', 'routes/profile.orders.tsx'),
      route('orders/completed', 'routes/profile.orders.completed.tsx'),
      route('orders/canceled', 'routes/profile.orders.canceled.tsx'),
      route('orders/:name', 'routes/profile.orders.$name.tsx'),
      route('products', 'routes/profile.products.tsx'),
      route('bonuses', 'routes/profile.bonuses.tsx'),
      route('company', 'routes/profile.company.tsx'),
      route('subscriptions', 'routes/profile.subscriptions.tsx'),
      route('change-pass', 'routes/profile.change-pass.tsx'),
    ]),
  ]),
  layout('layouts/empty.tsx', []),
  // The account's invoice PDF, passed on from the API with the customer's token (no page around it).
  route('profile/orders/:name/invoice.pdf', 'routes/profile.orders.$name.invoice.ts'),
  // Anything unmatched answers HTTP 404 through the root error boundary.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

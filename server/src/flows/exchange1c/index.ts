// The 1C exchange (CommerceML 2): a flow across the catalogue (goods, offers, prices, stock, pictures) and
// the orders (their document out, their statuses back through the order status flow). routes.ts is the
// protocol, catalog-import.ts the catalogue's time-boxed import, sale.ts the orders; runs.ts the log.
export { exchangeApiRoutes, exchangeSiteRoutes } from './routes';
export { pruneExchanges } from './runs';

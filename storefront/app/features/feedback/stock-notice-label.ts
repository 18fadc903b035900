/** The button that offers to tell the shopper when a sold-out variant is back (product page, sticky bar). */
export const NOTIFY_LABEL = 'Сообщить о поступлении';

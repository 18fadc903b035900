// What «Сообщить о поступлении» promises once a request is stored: the dialog's (a guest's contact) and the
// product page's one tap (a signed-in customer's e-mail) say the same.

/** «Напишем на anna@mail.ru, как только товар появится» — what the shopper is promised. */
export function noticePromise(email: string, phone: string): string {
  return email.trim()
    ? `Напишем на ${email.trim()}, как только товар появится`
    : `Пришлём SMS на ${phone}, как только товар появится`;
}

// What the storefront's component tests share (tests import it; no page does).
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

/** jsdom has <dialog> but not its methods: open and close as the browser does, with the close event. */
export function dialogsLikeABrowser() {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** The API's refusal as the client throws it: the status, the Russian message and the messages by field. */
export function apiRefusal(status: number, message: string, fields?: Record<string, string>, code = 'x') {
  const response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { error: { code, message, fields } },
  } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

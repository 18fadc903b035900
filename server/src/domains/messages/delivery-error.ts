// What a gateway throws when a message did not go out. The worker keeps `message` as the row's lastError
// (it is shown to administrators, so it is Russian) and retries unless the failure is permanent: a refused
// recipient or a malformed phone number fails the same way on every try.
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

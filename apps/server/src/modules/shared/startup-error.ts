/** A start-up that cannot go on; the message alone tells the operator what to fix. */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StartupError';
  }
}

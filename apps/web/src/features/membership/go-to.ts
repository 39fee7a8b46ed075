/**
 * Leaves the app for a provider's page (hosted checkout, result page after it): a full page
 * load, since Stripe's checkout is another site and the sandbox's should behave like one.
 */
export function goTo(url: string): void {
  window.location.assign(url);
}

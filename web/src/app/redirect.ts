/**
 * Sends the browser to a payment provider's page (checkout, card update). Pages take it as a
 * prop defaulting to this, so that tests watch where they would go instead of leaving jsdom.
 */
export type Redirect = (url: string) => void;

export const leaveForProvider: Redirect = (url) => {
  window.location.assign(url);
};

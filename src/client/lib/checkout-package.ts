/** The package the checkout popup sells: what Buy Now hands over and what a saved intent keeps. */
export type CheckoutPackage = { id: string; name: string; pricePaise: number };

/** The number a customer reads out: the thank-you page shows the id's first 8 characters, upper case. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

// What the rest of the server may use of customer-app: nothing yet; its routes are registered by app.ts.
export {};
